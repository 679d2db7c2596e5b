import type { FastifyInstance } from 'fastify';

/**
 * Only JSON bodies are accepted (anything else is a 415, see the error handler). An EMPTY JSON body is allowed:
 * the console POSTs toggle/on and the like with Content-Type: application/json and no body.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  for (const type of ['application/json', /^application\/[\w.+-]+\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (request, body, done) => {
      if (String(body).trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, String(body), done);
    });
  }
}
