#!/usr/bin/env node
'use strict';
/**
 * node-host: a small in-memory Magic: The Gathering engine that speaks the splitcards wire
 * protocol (JSON-RPC 2.0 framed as the Language Server Protocol frames it) on stdin/stdout.
 *
 * It keeps objects in zones, a stack and a timing context, and decides no rule: splitcards
 * decides every action and tells it exactly what to do, as a chess GUI tells a UCI engine.
 * It is both a worked example of an engine-side server and a second, independent host for the
 * conformance kit. Node.js 20, no dependencies.
 *
 *   node host.js [--trace] [--crash-after N] [--hang-on METHOD] [--garbage-on METHOD]
 */

const ENGINE = 'node-host';
const ENGINE_VERSION = '1.1.0';
/**
 * The protocol version spoken. A later minor of the same major only adds, so any 1.x offer is met
 * by 1.1 (which adds put_face_down, turn_face_up, become_copy, library, put_on_bottom and the view's face_down).
 */
const PROTOCOL = { major: 1, minor: 1 };
/** Limits as the client's framing has them: a bigger frame is refused before it is read. */
const MAX_FRAME = 16 * 1024 * 1024;
const MAX_HEADER = 8 * 1024;

/**
 * JSON-RPC error codes: the standard ones, then the server range the protocol uses. NOT_SUPPORTED
 * is an action this engine can't express at all (the run is not_supported); REFUSED an action its
 * own rules or state forbid (the run fails); UNKNOWN_OBJECT and UNKNOWN_GAME an id it doesn't know.
 */
const Code = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  NOT_SUPPORTED: -32001,
  UNKNOWN_OBJECT: -32002,
  REFUSED: -32003,
  UNKNOWN_GAME: -32004,
});

/** An error answered to the client as a JSON-RPC error object, never thrown out of the loop. */
class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Strict: a body that is not UTF-8 is a parse error, not a string of replacement characters. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const log = (message) => process.stderr.write(`${ENGINE}: ${message}\n`);
const shown = (value) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
};

// -- forms -----------------------------------------------------------------------------------
// Each reader checks a parameter's JSON form and returns it unchanged: the host echoes cards and
// spell facts back exactly as given, since the client recognises a card by its form. Keys a form
// does not know are kept and ignored, so that a later minor version may add fields.

const invalid = (path, expected, value) =>
  new RpcError(Code.INVALID_PARAMS, `${path}: expected ${expected}, got ${shown(value)}`);
const check = (ok, expected) => (value, path) => {
  if (!ok(value)) throw invalid(path, expected, value);
  return value;
};
const str = check((v) => typeof v === 'string', 'a string');
const bool = check((v) => typeof v === 'boolean', 'true or false');
const int = check(Number.isInteger, 'an integer');
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (...values) => check((v) => values.includes(v), `one of ${values.join(', ')}`);
const nullable = (read) => (value, path) => (value === null ? null : read(value, path));
const arrayOf = (read) => (value, path) => {
  if (!Array.isArray(value)) throw invalid(path, 'an array', value);
  return value.map((item, i) => read(item, `${path}[${i}]`));
};
/** An object form: `fields` maps each key to [reader, required]. */
const object = (fields) => (value, path) => {
  if (!isObject(value)) throw invalid(path, 'an object', value);
  for (const [name, [read, required]] of Object.entries(fields)) {
    if (Object.hasOwn(value, name)) read(value[name], `${path}.${name}`);
    else if (required) throw new RpcError(Code.INVALID_PARAMS, `${path}: missing "${name}"`);
  }
  return value;
};
/** A set of doors as the protocol sends a frozenset: any order, kept sorted and without repeats. */
const sides = (value, path) => [...new Set(arrayOf(oneOf('left', 'right'))(value, path))].sort();

const zone = oneOf('library', 'hand', 'graveyard', 'exile', 'battlefield', 'stack', 'command');
const player = oneOf('p1', 'p2');
const phase = oneOf('untap', 'upkeep', 'draw', 'main1', 'combat', 'main2', 'end', 'cleanup');
/** A card is only carried, never read: its name is all this engine needs to see of it. */
const card = object({ name: [str, true], halves: [arrayOf(check(isObject, 'an object')), true] });
const spellFacts = object({
  option: [oneOf('left', 'right', 'fused', 'whole'), true],
  cast: [bool, false],
  cast_from: [nullable(zone), false],
  spliced: [arrayOf(object({ object: [str, true], half: [check(isObject, 'an object'), true] })), false],
  copy: [bool, false],
  caster: [nullable(player), false],
  x: [int, false],
  flashback: [bool, false],
  // Replacements a permission carries (614.1a): kept and given back; the rules decide the zone.
  instead: [nullable(zone), false],
  resolves_to: [nullable(zone), false],
  // Cast face down with morph or disguise (708.4): kept and given back; the client resolves it
  // through put_face_down, so this engine needs nothing more for it.
  face_down: [nullable(oneOf('morph', 'disguise')), false],
});
const resolution = object({
  instructions: [arrayOf(str), true],
  destination: [nullable(zone), true],
  token: [bool, true],
  unlocked: [sides, true],
  rules: [arrayOf(str), true],
  performed_by: [arrayOf(str), false],
  controller: [nullable(player), false],
});
const timingChange = object({
  active: [nullable(player), false],
  phase: [nullable(phase), false],
  priority: [nullable(player), false],
  stack_empty: [nullable(bool), false],
  turn: [nullable(int), false],
});

/** The named parameters of one request. */
class Params {
  constructor(params) {
    this.params = params;
  }

  get(name, read) {
    if (!Object.hasOwn(this.params, name)) throw new RpcError(Code.INVALID_PARAMS, `missing parameter "${name}"`);
    return read(this.params[name], name);
  }
}

// -- the game --------------------------------------------------------------------------------

/**
 * @typedef {object} ObjectView  One object as the client sees it (keys as the protocol's form).
 * @property {object} card  the card as given (for a token or a copy, the card it copies)
 * @property {string} zone
 * @property {string} owner
 * @property {string} controller
 * @property {object|null} spell  the spell facts while on the stack
 * @property {string[]} unlocked  a Room's unlocked doors, sorted
 * @property {boolean} token
 * @property {boolean} copy
 * @property {boolean} face_down  a face-down permanent (708.2a): its status, never copied
 */

/** One game: objects in zones, a stack and a timing context, changed only as told. */
class Game {
  constructor(rules) {
    /** The rule version's name: the rules are the client's, so nothing here reads it. */
    this.rules = rules;
    /** @type {Map<string, ObjectView>} in creation order, which `objects` answers in */
    this.objects = new Map();
    /** @type {string[]} ids from bottom to top */
    this.stack = [];
    // `turn` is the turn's number, kept only as told (null until then): what tells a later turn.
    this.turn = { active: 'p1', phase: 'main1', priority: 'p1', turn: null };
    /**
     * What the client told us to assume of the stack (true, false) or null. It stands for spells
     * this game does not model, so the first real spell pushed on the stack ends it.
     */
    this.stackEmptyOverride = null;
    this.nextId = 1;
    /** @type {Map<string, object>} the card of each permanent that became a copy, until it leaves */
    this.ownCards = new Map();
    /** @type {string[]} every card that went to a library, top first; one that left is skipped */
    this.libraryOrder = [];
  }

  view(id) {
    const view = this.objects.get(id);
    // The message is the id alone: the client raises it as UnknownObject(id), as a host in process does.
    if (view === undefined) throw new RpcError(Code.UNKNOWN_OBJECT, id, { object: id });
    return view;
  }

  timing() {
    const empty = this.stackEmptyOverride ?? this.stack.length === 0;
    return { ...this.turn, stack_empty: empty };
  }

  setTiming(change) {
    for (const key of ['active', 'phase', 'priority', 'turn']) this.turn[key] = change[key] ?? this.turn[key];
    if (typeof change.stack_empty === 'boolean') this.stackEmptyOverride = change.stack_empty;
  }

  create(card, zone, owner) {
    const id = this.add({ card, zone, owner, controller: owner, spell: null, unlocked: [], token: false, copy: false, face_down: false });
    if (zone === 'library') this.libraryOrder.unshift(id); // a card created in a library goes on top
    return id;
  }

  /** The player's library, top first. */
  library(owner) {
    return this.libraryOrder.filter((id) => {
      const view = this.objects.get(id);
      return view !== undefined && view.zone === 'library' && view.owner === owner;
    });
  }

  /** The card on the bottom of its owner's library. */
  putOnBottom(id) {
    this.move(id, 'library');
    this.libraryOrder = this.libraryOrder.filter((other) => other !== id);
    this.libraryOrder.push(id);
  }

  /** The card becomes the spell in place: the same id, as the reference host keeps it. */
  cast(id, spell) {
    const view = this.view(id);
    this.objects.set(id, { ...view, zone: 'stack', controller: spell.caster ?? view.owner, spell, unlocked: [] });
    this.push(id);
    return id;
  }

  resolve(id, outcome) {
    const view = this.view(id);
    const at = this.stack.indexOf(id);
    if (at < 0) throw new RpcError(Code.REFUSED, `${id} is not on the stack: only a spell resolves`, { object: id });
    this.stack.splice(at, 1);
    if (outcome.destination === null) {
      this.objects.delete(id); // a copy that ceases to exist
      return;
    }
    this.objects.set(id, {
      ...view,
      zone: outcome.destination,
      controller: outcome.controller ?? view.controller,
      spell: null,
      unlocked: sides(outcome.unlocked, 'outcome.unlocked'),
      token: view.token || outcome.token,
      // A copy of a permanent spell enters as a token (608.3f): a token, no longer a copy.
      copy: view.copy && !outcome.token,
    });
  }

  /** A move that is not a cast or a resolution makes a new object (400.7) its owner controls. */
  move(id, zone) {
    const { owner, token, copy } = this.view(id);
    // A permanent that became a copy is its own card again once it leaves the battlefield (400.7).
    let { card } = this.view(id);
    if (zone !== 'battlefield' && this.ownCards.has(id)) {
      card = this.ownCards.get(id);
      this.ownCards.delete(id);
    }
    const at = this.stack.indexOf(id);
    if (at >= 0) this.stack.splice(at, 1);
    // Face up: a face-down permanent that leaves the battlefield is a new, face-up object (708.9).
    this.objects.set(id, { card, zone, owner, controller: owner, spell: null, unlocked: [], token, copy, face_down: false });
    // A card moved to a library goes on top of it.
    this.libraryOrder = this.libraryOrder.filter((other) => other !== id);
    if (zone === 'library') this.libraryOrder.unshift(id);
  }

  /** The copy is put on the stack for the spell's controller, who owns and controls it (707.10, 108.3). */
  copySpell(id, spell) {
    const view = this.view(id);
    const copier = spell.caster ?? view.controller;
    const copy = this.add({ ...view, owner: copier, controller: copier, spell, copy: true });
    this.push(copy);
    return copy;
  }

  copyCard(id) {
    return this.add({ ...this.view(id), spell: null, unlocked: [], copy: true });
  }

  /** The copy enters under the original's controller, who also owns it (111.2), as a token. */
  copyPermanent(id) {
    const { card, controller } = this.view(id);
    return this.add({
      card, zone: 'battlefield', owner: controller, controller, spell: null, unlocked: [], token: true, copy: false, face_down: false,
    });
  }

  /** The card onto the battlefield face down under its owner, with no door unlocked (708.3). */
  putFaceDown(id) {
    this.move(id, 'battlefield');
    this.objects.set(id, { ...this.view(id), face_down: true });
  }

  /** Face up where it is: the same permanent, its doors as they were (708.8). */
  turnFaceUp(id) {
    this.objects.set(id, { ...this.view(id), face_down: false });
  }

  /** The permanent takes the original's card until it leaves; its doors and face are its own (707.2, 709.5c). */
  becomeCopy(id, original) {
    const { card } = this.view(original);
    if (!this.ownCards.has(id)) this.ownCards.set(id, this.view(id).card);
    this.objects.set(id, { ...this.view(id), card });
  }

  setUnlocked(id, doors) {
    this.objects.set(id, { ...this.view(id), unlocked: doors });
  }

  push(id) {
    this.stack.push(id);
    this.stackEmptyOverride = null;
  }

  add(view) {
    const id = `o${this.nextId++}`;
    this.objects.set(id, view);
    return id;
  }
}

/** The host methods, each given its game and its parameters; `undefined` is answered as null. */
const HOST_METHODS = {
  prepare: (g, p) => void p.get('cards', arrayOf(card)), // any card can be created at any time
  view: (g, p) => g.view(p.get('object', str)),
  objects: (g) => [...g.objects.keys()],
  stack: (g) => [...g.stack],
  timing: (g) => g.timing(),
  set_timing: (g, p) => g.setTiming(p.get('change', timingChange)),
  create: (g, p) => g.create(p.get('card', card), p.get('zone', zone), p.get('owner', player)),
  cast: (g, p) => g.cast(p.get('object', str), p.get('spell', spellFacts)),
  resolve: (g, p) => g.resolve(p.get('object', str), p.get('outcome', resolution)),
  move: (g, p) => g.move(p.get('object', str), p.get('zone', zone)),
  copy_spell: (g, p) => g.copySpell(p.get('object', str), p.get('spell', spellFacts)),
  copy_card: (g, p) => g.copyCard(p.get('object', str)),
  copy_permanent: (g, p) => g.copyPermanent(p.get('object', str)),
  set_unlocked: (g, p) => g.setUnlocked(p.get('object', str), p.get('doors', sides)),
  put_face_down: (g, p) => g.putFaceDown(p.get('object', str)),
  turn_face_up: (g, p) => g.turnFaceUp(p.get('object', str)),
  become_copy: (g, p) => g.becomeCopy(p.get('object', str), p.get('original', str)),
  library: (g, p) => g.library(p.get('player', player)),
  put_on_bottom: (g, p) => g.putOnBottom(p.get('object', str)),
};

// -- the server ------------------------------------------------------------------------------

/** Answers requests; several games may be alive at once, each named by its id. */
class Server {
  constructor(send, options) {
    this.send = send;
    this.options = options;
    /** @type {Map<string, Game>} */
    this.games = new Map();
    this.nextGame = 1;
    this.shuttingDown = false;
    this.requests = 0;
    this.deaf = false; // after exit or --hang-on: nothing more is read
  }

  /** One frame's body: answer it (unless it is a notification) and never throw. */
  receive(body) {
    if (this.deaf) return;
    let message;
    try {
      message = JSON.parse(UTF8.decode(body));
    } catch (error) {
      return this.fail(null, new RpcError(Code.PARSE_ERROR, `a body that is not JSON: ${error.message}`));
    }
    if (this.options.trace) log(`<- ${JSON.stringify(message)}`);
    if (!isObject(message)) return this.fail(null, new RpcError(Code.INVALID_REQUEST, 'a message must be a JSON object'));
    const { id, method, params } = message;
    const notification = !Object.hasOwn(message, 'id');
    const validId = notification || id === null || typeof id === 'string' || typeof id === 'number';
    if (message.jsonrpc !== '2.0' || typeof method !== 'string' || !validId) {
      return this.fail(validId ? (id ?? null) : null, new RpcError(Code.INVALID_REQUEST, 'not a JSON-RPC 2.0 request'));
    }
    if (!notification) this.misbehave(method);
    try {
      if (params !== undefined && !isObject(params)) throw new RpcError(Code.INVALID_PARAMS, 'params must be an object');
      const result = this.call(method, new Params(params ?? {}));
      if (!notification) this.answer({ jsonrpc: '2.0', id, result: result ?? null });
    } catch (error) {
      if (error instanceof Hang) throw error;
      if (!(error instanceof RpcError)) log(`internal error in ${method}: ${error.stack}`);
      if (notification) log(`notification ${method}: ${error.message}`);
      else this.fail(id, error instanceof RpcError ? error : new RpcError(Code.INTERNAL_ERROR, String(error)));
    }
  }

  call(method, p) {
    if (method === 'exit') this.exit(this.shuttingDown ? 0 : 1);
    if (this.shuttingDown) throw new RpcError(Code.INVALID_REQUEST, `${method} after shutdown`);
    switch (method) {
      case 'initialize': return this.initialize(p.get('versions', arrayOf(str)), p.get('client', str));
      case 'ping': return null;
      case 'new_game': {
        const id = `g${this.nextGame++}`;
        this.games.set(id, new Game(p.get('rules', str)));
        return { game: id };
      }
      case 'dispose_game': return void this.games.delete(p.get('game', str)); // an unknown one is already gone
      case 'shutdown':
        this.shuttingDown = true;
        this.games.clear();
        return null;
    }
    if (!Object.hasOwn(HOST_METHODS, method)) throw new RpcError(Code.METHOD_NOT_FOUND, `unknown method ${shown(method)}`);
    return HOST_METHODS[method](this.game(p), p);
  }

  initialize(versions, client) {
    const spoken = versions.some((v) => /^\d+\.\d+$/.test(v) && Number(v.split('.')[0]) === PROTOCOL.major);
    if (!spoken) {
      throw new RpcError(Code.INVALID_PARAMS, `no protocol version in common: offered ${shown(versions)}, ` +
        `this engine speaks ${PROTOCOL.major}.${PROTOCOL.minor}`, { versions: [`${PROTOCOL.major}.${PROTOCOL.minor}`] });
    }
    log(`initialized by ${client}`);
    return {
      version: `${PROTOCOL.major}.${PROTOCOL.minor}`,
      name: ENGINE,
      engine: ENGINE,
      engine_version: `${ENGINE_VERSION} (Node.js ${process.version})`,
      lacks: [], // it does all the reference host does: Rooms, every kind of copy, any timing
      deviations: [],
    };
  }

  game(p) {
    const id = p.get('game', str);
    const game = this.games.get(id);
    // Never made here, or disposed: the client words it, naming the game.
    if (game === undefined) throw new RpcError(Code.UNKNOWN_GAME, `unknown game ${shown(id)}`, { game: id });
    return game;
  }

  fail(id, error) {
    const answer = { code: error.code, message: error.message };
    if (error.data !== undefined) answer.data = error.data;
    this.answer({ jsonrpc: '2.0', id, error: answer });
  }

  answer(message) {
    if (this.options.trace) log(`-> ${JSON.stringify(message)}`);
    this.send(message);
  }

  /** The options that make this engine misbehave on purpose, to test a client against. */
  misbehave(method) {
    const { crashAfter, hangOn, garbageOn } = this.options;
    if (crashAfter !== null && this.requests++ >= crashAfter) {
      log(`crashing before request ${this.requests} (--crash-after ${crashAfter})`);
      process.exit(70);
    }
    if (method === hangOn) {
      // Answer nothing more, ever; the end of the input still ends the process, as it always must.
      log(`hanging on ${method} (--hang-on)`);
      this.deaf = true;
      throw new Hang();
    }
    if (method === garbageOn) {
      process.stdout.write('Content-Length: 11\r\n\r\n{not json!}');
      throw new Hang();
    }
  }

  exit(code) {
    this.deaf = true;
    process.stdout.write('', () => process.exit(code));
    throw new Hang();
  }
}

/** Thrown to leave a request unanswered. */
class Hang extends Error {}

// -- frames ----------------------------------------------------------------------------------

/**
 * Cuts a byte stream into frame bodies. It works on Buffers, never strings: Content-Length
 * counts bytes, and a chunk may end in the middle of a multibyte character. A bad header is
 * answered as a parse error and skipped, so one bad frame does not end the session.
 */
class FrameReader {
  constructor(onBody, onError) {
    this.onBody = onBody;
    this.onError = onError;
    this.buffer = Buffer.alloc(0);
    this.pending = []; // chunks not yet joined to the buffer
    this.pendingSize = 0;
    this.length = null; // the body length, once its header is read
    this.skip = 0; // bytes of a refused frame still to drop
    this.lost = false; // inside a header too long to read: drop up to its end
  }

  push(chunk) {
    this.pending.push(chunk);
    this.pendingSize += chunk.length;
    // Wait for a whole body before joining its chunks: joining each as it comes is quadratic.
    if (this.length !== null && this.buffer.length + this.pendingSize < this.length) return;
    this.buffer = Buffer.concat([this.buffer, ...this.pending]);
    this.pending = [];
    this.pendingSize = 0;
    for (;;) {
      if (this.skip > 0) {
        const dropped = Math.min(this.skip, this.buffer.length);
        this.skip -= dropped;
        this.buffer = this.buffer.subarray(dropped);
        if (this.skip > 0) return;
      }
      if (this.length === null) {
        if (!this.readHeader()) return;
        continue;
      }
      if (this.buffer.length < this.length) return;
      const body = this.buffer.subarray(0, this.length);
      this.buffer = this.buffer.subarray(this.length);
      this.length = null;
      this.onBody(body);
    }
  }

  /** Reads a header if a whole one is there; false when more bytes are needed. */
  readHeader() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (this.lost || end > MAX_HEADER || (end < 0 && this.buffer.length > MAX_HEADER)) {
      if (!this.lost) this.onError(`a frame's header is longer than ${MAX_HEADER} bytes`);
      this.lost = end < 0;
      // Keep the last bytes: the blank line that ends this header may be split across chunks.
      this.buffer = end < 0 ? this.buffer.subarray(Math.max(0, this.buffer.length - 3)) : this.buffer.subarray(end + 4);
      return end >= 0;
    }
    if (end < 0) return false;
    const header = this.buffer.subarray(0, end).toString('latin1');
    this.buffer = this.buffer.subarray(end + 4);
    let length = null;
    for (const line of header.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) return this.refuse(`a header line that is not 'Name: value': ${shown(line)}`);
      if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
      const value = line.slice(colon + 1).trim();
      if (!/^\d{1,12}$/.test(value)) return this.refuse(`Content-Length is not a number of bytes: ${shown(value)}`);
      length = Number(value);
    }
    if (length === null) return this.refuse('a frame without a Content-Length header');
    if (length > MAX_FRAME) {
      this.skip = length;
      return this.refuse(`a frame of ${length} bytes, over the ${MAX_FRAME} bytes allowed`);
    }
    this.length = length;
    return true;
  }

  refuse(problem) {
    this.onError(problem);
    return true;
  }

  end() {
    if (this.buffer.length || this.pendingSize || this.length !== null) log('the input ended inside a frame');
  }
}

function encodeFrame(message) {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}

// -- main ------------------------------------------------------------------------------------

const USAGE = `usage: node host.js [--trace] [--crash-after N] [--hang-on METHOD] [--garbage-on METHOD]

A splitcards host engine on stdin/stdout (JSON-RPC 2.0, Content-Length frames).
  --trace               log every message to stderr
  --crash-after N       exit abruptly (status 70) on the request after the first N
  --hang-on METHOD      never answer METHOD, nor anything after it (until stdin ends)
  --garbage-on METHOD   answer METHOD with a frame that is not JSON
`;

function parseOptions(argv) {
  const options = { trace: false, crashAfter: null, hangOn: null, garbageOn: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (arg === '--trace') options.trace = true;
    else if (arg === '--crash-after') {
      options.crashAfter = Number(value());
      if (!Number.isInteger(options.crashAfter) || options.crashAfter < 0) usage('--crash-after needs a whole number');
    } else if (arg === '--hang-on') options.hangOn = value();
    else if (arg === '--garbage-on') options.garbageOn = value();
    else usage(`unknown option ${arg}`);
  }
  return options;
}

function usage(problem) {
  process.stderr.write(`${ENGINE}: ${problem}\n${USAGE}`);
  process.exit(2);
}

function main() {
  const options = parseOptions(process.argv.slice(2));
  const send = (message) => process.stdout.write(encodeFrame(message));
  const server = new Server(send, options);
  const onBody = (body) => {
    try {
      server.receive(body);
    } catch (error) {
      if (!(error instanceof Hang)) throw error;
    }
  };
  const reader = new FrameReader(onBody, (problem) => {
    log(problem);
    server.fail(null, new RpcError(Code.PARSE_ERROR, problem));
  });
  process.stdout.on('error', () => process.exit(0)); // the client is gone: nobody to answer
  process.stdin.on('data', (chunk) => reader.push(chunk));
  process.stdin.on('end', () => {
    reader.end();
    process.stdout.write('', () => process.exit(0));
  });
}

main();
