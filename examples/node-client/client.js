#!/usr/bin/env node
'use strict';
/**
 * node-client: a JavaScript engine asking splitcards the split-card rules while it plays.
 *
 * It talks to a running `splitcards serve --http HOST:PORT` (docs/service.md): it checks the
 * server's health, calls `initialize`, then asks the questions one small game's turn raises and
 * prints each answer as one JSON line on stdout (with its rules and decision id), and the same in
 * words on stderr. Node.js 20, no dependencies: the global fetch carries every request.
 *
 *   node client.js [BASE_URL]        (or SPLITCARDS_URL; default http://127.0.0.1:8765)
 *
 * Exit status 0 when every question was answered as asked, 1 when the server could not be reached
 * or answered something this client does not understand.
 */

const BASE_URL = process.argv[2] ?? process.env.SPLITCARDS_URL ?? 'http://127.0.0.1:8765';
/** The service versions this client speaks: any 1.x server answers in 1.0's forms at least. */
const SPOKEN = ['1.0'];
/** Every question is quick; a server that takes longer than this is stuck, not busy. */
const TIMEOUT_MS = 10_000;

/** An error answer of the service: its HTTP status and its `error` object `{code, message, data: {type}}`. */
class ServiceError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

/** The rules service at `baseUrl`: one method per kind of request, each resolving to the JSON answer. */
class RulesClient {
  constructor(baseUrl) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** `GET /v1/health`: `{status, version, server_version}`. */
  health() {
    return this.#request('GET', '/v1/health');
  }

  /** `POST /v1/initialize`: the version the server chose, its rule versions and capabilities. */
  initialize(client) {
    return this.#request('POST', '/v1/initialize', { versions: SPOKEN, client });
  }

  /** `POST /v1/<method>`: one question's envelope `{value, rules, version, decision}`. */
  ask(method, params) {
    return this.#request('POST', `/v1/${method}`, params);
  }

  /**
   * `POST /v1/batch`: many questions in one request, `shared` filling in what each question's
   * params leave out. Each answer is an envelope, or `{error}` for that question alone.
   */
  async batch(shared, questions) {
    const { answers } = await this.#request('POST', '/v1/batch', { shared, questions });
    return answers;
  }

  async #request(verb, path, body) {
    const response = await fetch(this.baseUrl + path, {
      method: verb,
      // The server takes only application/json: fetch would call a string body text/plain.
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not the service's JSON: a proxy's page, or a server failing before it could answer.
      throw new Error(`${verb} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      if (answer?.error) throw new ServiceError(response.status, answer.error);
      throw new Error(`${verb} ${path}: HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
    return answer;
  }
}

// -- printing ----------------------------------------------------------------------------------

/** One line for programs on stdout, and one for people on stderr. */
function report(line, words) {
  process.stdout.write(JSON.stringify(line) + '\n');
  process.stderr.write(words + '\n');
}

/** A question's answer: its step in the turn, what was asked, and the envelope as it came. */
function printAnswer(step, method, params, envelope) {
  if (envelope.error) {
    printError(step, method, params, null, envelope.error);
    return;
  }
  const { value, rules, version, decision, refusal } = envelope;
  const line = { step, method, params, value, rules, version, decision };
  if (refusal) line.refusal = refusal;
  const said = refusal ? `refused: ${refusal.message}` : describe(method, value);
  report(line, `${step} ${method} (${version}): ${said} [${rules.join(', ')}] decision ${decision}`);
}

/** An error answer: what was asked, the HTTP status (null inside a batch) and the typed error. */
function printError(step, method, params, status, error) {
  const line = { step, method, params, status, error };
  report(line, `${step} ${method}: error ${error.data?.type} (${status ?? 'in a batch'}): ${error.message}`);
}

/** An answer in words, as an engine's log might put it. */
function describe(method, value) {
  switch (method) {
    case 'characteristics':
      return `names ${value.names.join(' and ')}, mana costs ${value.mana_costs.join(' and ')},`
        + ` mana values ${value.mana_values.join(' and ')}`;
    case 'ways_to_cast':
      return value.length === 0 ? 'no way to cast it' : value.map((way) => way.summary).join('; ');
    case 'cast_decision':
      return value.summary;
    case 'resolution':
      return `follows ${value.instructions.join(', then ')}; the card goes`
        + (value.destination === 'exile' ? ' into exile' : ` to the ${value.destination}`);
    case 'doors':
      return value
        .map((door) => (door.can_unlock ? `${door.name} unlocks for ${door.cost}` : door.refusal.message))
        .join('; ');
    default:
      return JSON.stringify(value);
  }
}

// -- one turn's questions ----------------------------------------------------------------------

/** Ask one question and print its answer, or its error when the service answers with one. */
async function ask(client, step, method, params) {
  try {
    printAnswer(step, method, params, await client.ask(method, params));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    printError(step, method, params, error.status, error.error);
  }
}

/** Ask a batch and print each of its answers with the params it was asked with. */
async function askBatch(client, step, shared, questions) {
  const answers = await client.batch(shared, questions);
  questions.forEach((question, i) => {
    printAnswer(step, question.method, { ...shared, ...question.params }, answers[i]);
  });
}

async function main() {
  const client = new RulesClient(BASE_URL);

  const health = await client.health();
  if (health.status !== 'ok') throw new Error(`${BASE_URL} is not healthy: ${JSON.stringify(health)}`);
  const hello = await client.initialize('node-client');
  if (!hello.version.startsWith('1.')) throw new Error(`the server speaks service ${hello.version}, not 1.x`);
  report(
    {
      step: 'initialize',
      version: hello.version,
      server_version: hello.server_version,
      default_rules: hello.default_rules,
      rules: hello.rules.map((r) => r.name),
      capabilities: hello.capabilities,
    },
    `splitcards ${hello.server_version} at ${BASE_URL}, service ${hello.version},`
      + ` rule versions ${hello.rules.map((r) => r.name).join(', ')} (default ${hello.default_rules})`,
  );

  // 1. Fire // Ice in the graveyard under the 2009 rules: two sets of characteristics (708.2),
  // and no half castable from there. One batch, the card and its position shared.
  await askBatch(client, 'fire-ice-2009', { card: 'Fire // Ice', zone: 'graveyard', rules: 'classic-2009' }, [
    { method: 'characteristics', params: {} },
    { method: 'ways_to_cast', params: { explain: 'why_not' } },
  ]);

  // 2. The same card since Amonkhet: one combined answer (708.4).
  await ask(client, 'fire-ice-2017', 'characteristics', {
    card: 'Fire // Ice',
    zone: 'graveyard',
    rules: 'amonkhet-2017',
  });

  // 3. Turn // Burn cast fused from the hand while a tax of {1} is in force.
  await ask(client, 'turn-burn-fused', 'cast_decision', {
    card: 'Turn // Burn',
    zone: 'hand',
    rules: 'current',
    option: 'fused',
    cost_increase: '{1}',
  });

  // 4. Dusk // Dawn in the graveyard: which half can be cast, and where Dawn goes once cast.
  await askBatch(client, 'dusk-dawn-aftermath', { card: 'Dusk // Dawn', rules: 'current' }, [
    { method: 'ways_to_cast', params: { zone: 'graveyard' } },
    { method: 'resolution', params: { zone: 'stack', spell: { option: 'right', cast_from: 'graveyard' } } },
  ]);

  // 5. A Room with its first door unlocked: the second door.
  await ask(client, 'room-second-door', 'doors', {
    card: 'Bottomless Pool // Locker Room',
    zone: 'battlefield',
    rules: 'current',
    unlocked: ['left'],
  });

  // A typo in a card name is an error, not an answer: the engine sees its type and the nearest names.
  await ask(client, 'unknown-card', 'characteristics', { card: 'Fire and Ice', rules: 'current' });
}

main().catch((error) => {
  const cause = error.cause ? ` (${error.cause.code ?? error.cause.message})` : '';
  process.stderr.write(`node-client: ${error.message}${cause}\n`);
  process.exitCode = 1;
});
