import { type FieldPath, parseFieldPath } from "./documentFields";

/**
 * The syntax of Prismic's `q` parameter, as the client writes it (see filter.ts and
 * buildQueryURL.ts in @prismicio/client): `[[name(path, "text", 3, true, ["a", "b"])][...]]`.
 * It only reads the structure; filters.ts gives each predicate its meaning.
 */

/**
 * Prismic's 400 body for a query it cannot parse, in the shape of @prismicio/client's
 * `ParsingErrorAPIResponse` (src/errors.ts); the client throws ParsingError(message).
 */
export interface ParsingErrorBody {
  type: "parsing-error";
  message: string;
  pos: { line: number; column: number; id: number; location: string };
}

/** A query parameter the search cannot understand: answered as Prismic's 400 parsing error. */
export class QueryParseError extends Error {
  override name = "QueryParseError";

  constructor(
    message: string,
    /** The query parameter at fault (`q`, `orderings`, `pageSize`...). */
    readonly location: string,
    /** The 0-based position of the problem inside that parameter. */
    readonly offset = 0,
  ) {
    super(message);
  }

  toBody(): ParsingErrorBody {
    return {
      type: "parsing-error",
      message: this.message,
      pos: { line: 1, column: this.offset + 1, id: this.offset, location: this.location },
    };
  }
}

export type Literal = string | number | boolean;
export type Arg =
  | { kind: "path"; path: FieldPath; at: number }
  | { kind: "value"; value: Literal | Literal[]; at: number };

/** Reports a problem with this predicate as a parsing error pointing into the query. */
export type Fail = (problem: string, at?: number) => never;

export interface ParsedPredicate {
  name: string;
  args: Arg[];
  /** Fails at the given position, by default at the predicate's name. */
  fail: Fail;
}

export class QueryParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  /** `q` holds one or more groups `[ [pred] [pred] ... ]`. */
  parseQuery(): ParsedPredicate[] {
    const predicates: ParsedPredicate[] = [];
    this.skipSpace();
    if (this.pos === this.text.length) this.fail("empty query");
    while (this.pos < this.text.length) {
      this.expect("[");
      this.skipSpace();
      while (this.peek() === "[") {
        predicates.push(this.parsePredicate());
        this.skipSpace();
      }
      this.expect("]");
      this.skipSpace();
    }
    return predicates;
  }

  private parsePredicate(): ParsedPredicate {
    this.expect("[");
    this.skipSpace();
    // Old Prismic syntax (still in exported `href`s): `[:d = at(...)]`.
    if (this.peek() === ":") {
      this.pos++;
      this.word();
      this.expect("=");
    }
    this.skipSpace();
    const nameAt = this.pos;
    const name = this.word();
    this.expect("(");
    const args: Arg[] = [];
    this.skipSpace();
    if (this.peek() !== ")") {
      do args.push(this.parseArg());
      while (this.eat(","));
    }
    this.expect(")");
    this.expect("]");
    return { name, args, fail: (problem, at = nameAt) => this.fail(problem, at) };
  }

  private parseArg(): Arg {
    this.skipSpace();
    const at = this.pos;
    if (this.peek() === "[") {
      this.pos++;
      const values: Literal[] = [];
      this.skipSpace();
      if (this.peek() !== "]") {
        do values.push(this.parseLiteral());
        while (this.eat(","));
      }
      this.expect("]");
      return { kind: "value", value: values, at };
    }
    if (this.peek() === '"' || /[-\d]/.test(this.peek())) {
      return { kind: "value", value: this.parseLiteral(), at };
    }
    const word = this.word();
    if (word === "true" || word === "false") return { kind: "value", value: word === "true", at };
    const path = parseFieldPath(word);
    if (!path) this.fail(`unexpected field '${word}'`, at);
    return { kind: "path", path, at };
  }

  private parseLiteral(): Literal {
    this.skipSpace();
    const start = this.pos;
    if (this.peek() === '"') {
      let value = "";
      for (this.pos++; this.pos < this.text.length; this.pos++) {
        const ch = this.text[this.pos];
        if (ch === '"') {
          this.pos++;
          return value;
        }
        // The client escapes only `"`; keep any other backslash as written.
        const next = this.text[this.pos + 1];
        if (ch === "\\" && (next === '"' || next === "\\")) {
          value += next;
          this.pos++;
        } else value += ch;
      }
      this.fail("unterminated string", start);
    }
    const number = /^-?\d+(\.\d+)?/.exec(this.text.slice(this.pos));
    if (number) {
      this.pos += number[0].length;
      return Number(number[0]);
    }
    const word = this.word();
    if (word === "true" || word === "false") return word === "true";
    this.fail(`expected a value, found '${word}'`, start);
  }

  private word(): string {
    this.skipSpace();
    const match = /^[A-Za-z_][\w.-]*/.exec(this.text.slice(this.pos));
    if (!match) this.fail(`unexpected ${this.describeHere()}`);
    this.pos += match[0].length;
    return match[0];
  }

  private expect(ch: string): void {
    this.skipSpace();
    if (this.peek() !== ch) this.fail(`expected '${ch}' but found ${this.describeHere()}`);
    this.pos++;
  }

  private eat(ch: string): boolean {
    this.skipSpace();
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  private peek(): string {
    return this.text.charAt(this.pos);
  }

  private skipSpace(): void {
    while (/\s/.test(this.peek())) this.pos++;
  }

  private describeHere(): string {
    return this.pos < this.text.length ? `'${this.peek()}'` : "end of query";
  }

  private fail(problem: string, at = this.pos): never {
    throw new QueryParseError(`${problem} on line:1 col:${at + 1} in query '${this.text}'`, "q", at);
  }
}
