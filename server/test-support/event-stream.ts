/** A server-sent message as a reader gets it. */
export interface StreamMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * An event stream as a reader sees it, read over fetch: its messages and comment lines so far, and whether it has
 * ended. `close()` aborts it.
 */
export async function readEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const stream = {
    response,
    messages: [] as StreamMessage[],
    comments: 0,
    ended: false,
    close: () => controller.abort(),
  };
  const read = async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const message: StreamMessage = { event: 'message', data: '' };
        for (const line of buffer.slice(0, end).split('\n')) {
          if (line.startsWith(':')) stream.comments += 1;
          const [field, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()];
          if (field === 'id') message.id = value;
          if (field === 'event') message.event = value;
          if (field === 'data') message.data += value;
        }
        buffer = buffer.slice(end + 2);
        if (message.data) stream.messages.push(message);
      }
    }
  };
  read()
    .catch(() => {}) // aborted by close()
    .finally(() => (stream.ended = true));
  return stream;
}

export type ReadStream = Awaited<ReturnType<typeof readEventStream>>;
