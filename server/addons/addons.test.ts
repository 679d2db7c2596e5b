import { describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const addonEvents = async () =>
  (await server.sql(`select type, data, pre_data from events where type like 'addon-config-%' order by id`)).map(
    (r) => ({ type: r.type, text: JSON.stringify([r.data, r.pre_data]) }),
  );
const addonsInDb = async () => (await server.sql('select count(*)::int as n from addons'))[0].n;

const SECRET = 'http://127.0.0.1:9/hooks/s3cr3t-path';
const webhook = {
  provider: 'webhook',
  enabled: true,
  description: 'hook',
  parameters: { url: SECRET },
  events: ['feature-created'],
};

useServer({ users: true });

describe('addons API', () => {
  it("lists Unleash 4's four providers and no addons, to anyone signed in", async () => {
    const list = await call('GET', 'api/admin/addons', undefined, viewer);
    expect(list.status).toBe(200);
    expect(list.body.addons).toEqual([]);
    expect(list.body.providers.map((p: { name: string }) => p.name)).toEqual(['webhook', 'slack', 'teams', 'datadog']);
    const slack = list.body.providers[1];
    expect(slack.parameters.map((p: { name: string }) => p.name)).toEqual([
      'url',
      'username',
      'emojiIcon',
      'defaultChannel',
    ]);
    expect(slack.events).toHaveLength(14); // Unleash 4's feature events, and a trigger fired
    expect(slack.tagTypes).toEqual([
      { name: 'slack', description: 'Slack tag used by the slack-addon to specify the slack channel.', icon: 'S' },
    ]);
    expect(list.body.providers[3].parameters[1]).toEqual({
      name: 'apiKey',
      displayName: 'DD API KEY',
      placeholder: 'j96c23b0f12a6b3434a8d710110bd862',
      description: 'Api key from datadog',
      type: 'text',
      required: true,
      sensitive: true,
    });
  });

  it('creates, reads, updates and deletes, never answering a sensitive value, each change an audit event', async () => {
    const created = await call('POST', 'api/admin/addons', webhook);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...webhook, parameters: { url: '*****' } });
    const id = created.body.id;
    const stored = await server.sql(`select parameters from addons where id = ${id}`);
    expect(stored[0].parameters).toEqual({ url: SECRET });

    const one = await call('GET', `api/admin/addons/${id}`, undefined, viewer);
    expect(one.body).toEqual(created.body);
    const list = await call('GET', 'api/admin/addons', undefined, editor);
    expect(list.body.addons).toEqual([created.body]);

    // The console sends back what it read: '*****' keeps the stored URL.
    const updated = await call('PUT', `api/admin/addons/${id}`, {
      ...one.body,
      description: 'changed',
      enabled: false,
      parameters: { url: '*****', contentType: 'text/plain', bodyTemplate: '' },
      events: ['feature-created', 'feature-updated'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      description: 'changed',
      enabled: false,
      parameters: { url: '*****', contentType: 'text/plain' },
      events: ['feature-created', 'feature-updated'],
    });
    expect((await server.sql(`select parameters from addons where id = ${id}`))[0].parameters).toEqual({
      url: SECRET,
      contentType: 'text/plain',
    });

    const removed = await call('DELETE', `api/admin/addons/${id}`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `api/admin/addons/${id}`)).status).toBe(404);

    const audit = await addonEvents();
    expect(audit.map((e) => e.type)).toEqual(['addon-config-created', 'addon-config-updated', 'addon-config-deleted']);
    for (const e of audit) expect(e.text).not.toContain('s3cr3t');
    expect(audit[1].text).toContain('changed');
  });

  it('refuses bad configurations with a 400 naming the field, and stores nothing', async () => {
    const before = await addonsInDb();
    const cases: Array<[unknown, string]> = [
      [{ ...webhook, provider: 'pagerduty' }, '"provider" must be one of webhook, slack, teams, datadog'],
      [{ ...webhook, events: [] }, 'You must listen to at least one event'],
      [{ ...webhook, events: undefined }, 'You must listen to at least one event'],
      [
        { ...webhook, events: ['feature-created', 'feature-exploded'] },
        '"events[1]" must be one of the events the Webhook addon supports',
      ],
      [
        { provider: 'slack', parameters: { url: SECRET, defaultChannel: 'x' }, events: ['user-created'] },
        '"events[0]" must be one of the events the Slack addon supports',
      ],
      [{ ...webhook, parameters: {} }, '"parameters.url" is required'],
      [{ ...webhook, parameters: { url: '  ' } }, '"parameters.url" is required'],
      [{ ...webhook, parameters: { url: 'file:///etc/passwd' } }, '"parameters.url" must be an http or https URL'],
      [{ ...webhook, parameters: { url: 'not a url' } }, '"parameters.url" must be an http or https URL'],
      [{ ...webhook, parameters: { url: SECRET, nope: 'x' } }, '"parameters.nope" is not a parameter of the Webhook'],
      [{ ...webhook, parameters: { url: '*****' } }, '"parameters.url" must be the value itself'],
      [{ provider: 'slack', parameters: { url: SECRET }, events: ['feature-created'] }, '"parameters.defaultChannel"'],
      [{ provider: 'datadog', parameters: {}, events: ['feature-created'] }, '"parameters.apiKey" is required'],
      [
        { ...webhook, parameters: { url: SECRET, bodyTemplate: '{{#event.data}}{{name}}' } },
        '"parameters.bodyTemplate" is not a valid template: the section {{#event.data}} is not closed',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', 'api/admin/addons', body);
      expect(answer.status, message).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
      expect(answer.body.details[0].message).toContain(message);
      expect(answer.text).not.toContain('s3cr3t');
    }
    expect(await addonsInDb()).toBe(before);

    const created = await call('POST', 'api/admin/addons', webhook);
    const id = created.body.id;
    const refusals: Array<[unknown, string]> = [
      [{ ...webhook, provider: 'slack' }, "an addon's provider cannot change"],
      [{ ...webhook, id: id + 1 }, `"id" must be ${id}`],
      [{ ...webhook, events: ['nope'] }, '"events[0]"'],
    ];
    for (const [body, message] of refusals) {
      const answer = await call('PUT', `api/admin/addons/${id}`, body);
      expect(answer.status, message).toBe(400);
      expect(answer.body.details[0].message).toContain(message);
    }
    expect((await call('PUT', `api/admin/addons/${id + 100}`, webhook)).status).toBe(404);
    expect((await call('DELETE', `api/admin/addons/${id + 100}`)).status).toBe(404);
    expect((await call('GET', `api/admin/addons/${id}`)).body).toEqual(created.body);
    await call('DELETE', `api/admin/addons/${id}`);
  });

  it('lets only holders of CREATE_, UPDATE_ and DELETE_ADDON (admins and editors) change addons', async () => {
    const created = await call('POST', 'api/admin/addons', webhook);
    const id = created.body.id;
    expect((await call('POST', 'api/admin/addons', webhook, viewer)).status).toBe(403);
    expect((await call('PUT', `api/admin/addons/${id}`, webhook, viewer)).status).toBe(403);
    expect((await call('DELETE', `api/admin/addons/${id}`, undefined, viewer)).status).toBe(403);
    expect((await server.call('GET', 'api/admin/addons')).status).toBe(401);
    const byEditor = await call('POST', 'api/admin/addons', webhook, editor);
    expect(byEditor.status).toBe(201);
    expect((await call('PUT', `api/admin/addons/${byEditor.body.id}`, webhook, editor)).status).toBe(200);
    expect((await call('DELETE', `api/admin/addons/${byEditor.body.id}`, undefined, editor)).status).toBe(200);
    await call('DELETE', `api/admin/addons/${id}`);
  });
});
