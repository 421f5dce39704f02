/**
 * Records' CSV lines written straight from the embedded document store's stored bytes (SQLite JSONB), for the
 * export's reader threads (exportReaders.ts, docs/tables.md "Bulk work"): no `json(doc)` in SQLite, no JSON.parse, no
 * string per cell. Gives the bytes of `csvLinesOf` (csvLines.ts) over the parsed records, which
 * `jsonbLines.unit.spec.ts` holds on random records through a real store.
 *
 * SQLite's JSONB (https://sqlite.org/jsonb.html): each element is a header, then its payload. The header's first
 * byte holds the type (low 4 bits) and the payload size (high 4 bits: 0–11 the size itself; 12, 13, 14, 15: the size
 * follows in 1, 2, 4, 8 bytes, big-endian). Numbers are stored as their JSON text, texts as UTF-8 (TEXT: no escapes;
 * TEXTJ: JSON escapes), objects as their key and value elements one after the other. The store writes every document
 * as `jsonb()` of a JSON.stringify text, so a number's payload is the text JSON.stringify wrote, which is what
 * `String(number)` writes; a text without escapes is the text itself.
 *
 * Self-contained on purpose, like `csvLinesOf`: the reader threads run its source text. A record it does not know
 * how to write (any other element type in a cell, a `v` that is not an object, a size of 8 bytes) is handed to
 * `fallback`, which answers its parsed document (`json()` of the bytes and JSON.parse), written by `lineOf`
 * (`csvLinesOf` of the one record).
 *
 * The header is read where it is needed (the document, its keys, the cells), written out three times rather than
 * called: nested helpers returning the payload's start and size were tried (2026-11-27) and measured no faster, at
 * times slower (a 20,000-row walk 133-246 ms against 134-243 ms, the machine too busy to tell them apart), so the
 * hot loop keeps the form whose figures the export's target was met with.
 */
export function csvLinesOfJsonb(
  docs: Iterable<Uint8Array>,
  /** the columns' ids in file order, as UTF-8 */
  ids: readonly Uint8Array[],
  booleans: readonly boolean[],
  fallback: (doc: Uint8Array) => { v: unknown; _seq?: unknown },
  lineOf: (v: unknown) => string,
): { content: Buffer; count: number; last: number | null } {
  const columns = ids.length;
  let out = Buffer.allocUnsafeSlow(1 << 20);
  let at = 0;
  // per column of the record at hand: its value's type (-1: missing) and payload
  const types = new Int32Array(columns);
  const starts = new Int32Array(columns);
  const ends = new Int32Array(columns);
  // the column the key at position k of `v` matched in the record before (records mostly keep their key order)
  const guesses = new Int32Array(256);
  let count = 0;
  let lastDoc: Uint8Array | null = null;
  let lastSeqType = -1;
  let lastSeqStart = 0;
  let lastSeqEnd = 0;
  for (const doc of docs) {
    count++;
    const rowStart = at;
    // room for the line: every payload byte may be doubled (a quote), plus quotes, a prefix and a comma per column
    const room = doc.length * 2 + columns * 4 + 16;
    if (at + room > out.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, at + room));
      out.copy(bigger, 0, 0, at);
      out = bigger;
    }
    let ok = true;
    let seqType = -1;
    let seqStart = 0;
    let seqEnd = 0;
    let vStart = -1;
    let vEnd = -1;
    // the document: an object
    let p = 0;
    let type = doc[0]! & 15;
    let size = doc[0]! >> 4;
    let head = 1;
    if (size === 12) {
      size = doc[1]!;
      head = 2;
    } else if (size === 13) {
      size = (doc[1]! << 8) | doc[2]!;
      head = 3;
    } else if (size === 14) {
      size = ((doc[1]! << 24) | (doc[2]! << 16) | (doc[3]! << 8) | doc[4]!) >>> 0;
      head = 5;
    } else if (size === 15) ok = false;
    if (type !== 12) ok = false;
    const docEnd = head + size;
    p = head;
    // its keys: `v` and `_seq`
    let isKey = true;
    let key = 0; // 1: the key was "v", 2: "_seq"
    while (ok && p < docEnd) {
      type = doc[p]! & 15;
      size = doc[p]! >> 4;
      head = 1;
      if (size === 12) {
        size = doc[p + 1]!;
        head = 2;
      } else if (size === 13) {
        size = (doc[p + 1]! << 8) | doc[p + 2]!;
        head = 3;
      } else if (size === 14) {
        size = ((doc[p + 1]! << 24) | (doc[p + 2]! << 16) | (doc[p + 3]! << 8) | doc[p + 4]!) >>> 0;
        head = 5;
      } else if (size === 15) {
        ok = false;
        break;
      }
      const start = p + head;
      const end = start + size;
      if (isKey) {
        key = 0;
        if (type === 7 && size === 1 && doc[start] === 0x76) key = 1;
        else if (
          type === 7 &&
          size === 4 &&
          doc[start] === 0x5f &&
          doc[start + 1] === 0x73 &&
          doc[start + 2] === 0x65 &&
          doc[start + 3] === 0x71
        )
          key = 2;
      } else if (key === 1) {
        if (type !== 12) ok = false;
        vStart = start;
        vEnd = end;
      } else if (key === 2) {
        seqType = type;
        seqStart = start;
        seqEnd = end;
      }
      isKey = !isKey;
      p = end;
    }
    if (vStart < 0) ok = false;
    // the cells: `v`'s keys are column ids
    if (ok) {
      types.fill(-1);
      p = vStart;
      let position = 0;
      let column = -1;
      isKey = true;
      while (p < vEnd) {
        type = doc[p]! & 15;
        size = doc[p]! >> 4;
        head = 1;
        if (size === 12) {
          size = doc[p + 1]!;
          head = 2;
        } else if (size === 13) {
          size = (doc[p + 1]! << 8) | doc[p + 2]!;
          head = 3;
        } else if (size === 14) {
          size = ((doc[p + 1]! << 24) | (doc[p + 2]! << 16) | (doc[p + 3]! << 8) | doc[p + 4]!) >>> 0;
          head = 5;
        } else if (size === 15) {
          ok = false;
          break;
        }
        const start = p + head;
        const end = start + size;
        if (isKey) {
          // a key with escapes would need decoding before it is compared: such a record takes the fallback
          if (type !== 7 && type !== 10) {
            ok = false;
            break;
          }
          column = -1;
          const guess = position < 256 ? guesses[position]! : 0;
          for (let tried = 0; tried < columns; tried++) {
            const c = (guess + tried) % columns;
            const id = ids[c]!;
            if (id.length !== size) continue;
            let same = true;
            for (let i = 0; i < size; i++)
              if (id[i] !== doc[start + i]) {
                same = false;
                break;
              }
            if (same) {
              column = c;
              break;
            }
          }
          if (column >= 0 && position < 256) guesses[position] = column;
          position++;
        } else if (column >= 0) {
          types[column] = type;
          starts[column] = start;
          ends[column] = end;
        }
        isKey = !isKey;
        p = end;
      }
    }
    // the line, in the file's column order
    for (let c = 0; ok && c < columns; c++) {
      if (c > 0) out[at++] = 0x2c;
      const t = types[c]!;
      if (t <= 0) continue; // missing, or null
      const start = starts[c]!;
      const end = ends[c]!;
      if (booleans[c]) {
        // stored 1/0: only the number 1 (JSON text "1") is true
        if (t === 3 && end - start === 1 && doc[start] === 0x31) {
          out[at++] = 0x74;
          out[at++] = 0x72;
          out[at++] = 0x75;
          out[at++] = 0x65;
        } else {
          out[at++] = 0x66;
          out[at++] = 0x61;
          out[at++] = 0x6c;
          out[at++] = 0x73;
          out[at++] = 0x65;
        }
      } else if (t === 3 || t === 5) {
        for (let i = start; i < end; i++) out[at++] = doc[i]!;
      } else if (t === 7 || t === 10) {
        // a text: a ' in front of a formula (= + - @ tab CR first), quoted when it holds a delimiter, quote or line break
        const first = end > start ? doc[start] : 0;
        const formula = first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d;
        let quotes = false;
        for (let i = start; i < end; i++) {
          const b = doc[i];
          if (b === 0x2c || b === 0x22 || b === 0x0a || b === 0x0d) {
            quotes = true;
            break;
          }
        }
        if (quotes) out[at++] = 0x22;
        if (formula) out[at++] = 0x27;
        if (quotes)
          for (let i = start; i < end; i++) {
            const b = doc[i]!;
            out[at++] = b;
            if (b === 0x22) out[at++] = 0x22;
          }
        else if (end - start < 64) for (let i = start; i < end; i++) out[at++] = doc[i]!;
        else {
          out.set(doc.subarray(start, end), at);
          at += end - start;
        }
        if (quotes) out[at++] = 0x22;
      } else if (t === 8) {
        // a text with JSON escapes: decoded, then written as csvLinesOf writes it
        let text = JSON.parse('"' + Buffer.from(doc.buffer, doc.byteOffset + start, end - start).toString('utf8') + '"') as string;
        const code = text.charCodeAt(0);
        if (code === 0x3d || code === 0x2b || code === 0x2d || code === 0x40 || code === 0x09 || code === 0x0d) text = "'" + text;
        if (/[",\r\n]/.test(text)) text = '"' + text.replaceAll('"', '""') + '"';
        const bytes = Buffer.byteLength(text, 'utf8');
        if (at + bytes + (columns - c) * 8 > out.length) {
          const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, at + bytes + room));
          out.copy(bigger, 0, 0, at);
          out = bigger;
        }
        at += out.write(text, at, 'utf8');
      } else ok = false;
    }
    if (ok) out[at++] = 0x0a;
    else {
      // not a record this walk knows: its parsed document, written by csvLinesOf
      at = rowStart;
      const line = lineOf(fallback(doc).v);
      const bytes = Buffer.byteLength(line, 'utf8');
      if (at + bytes > out.length) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, at + bytes + room));
        out.copy(bigger, 0, 0, at);
        out = bigger;
      }
      at += out.write(line, at, 'utf8');
    }
    lastDoc = doc;
    lastSeqType = seqType;
    lastSeqStart = seqStart;
    lastSeqEnd = seqEnd;
  }
  // `_seq` of the last record (an integer's JSON text; anything else from its parsed document)
  let last: number | null = null;
  if (lastDoc !== null && lastSeqType === 3)
    last = Number(Buffer.from(lastDoc.buffer, lastDoc.byteOffset + lastSeqStart, lastSeqEnd - lastSeqStart).toString('latin1'));
  else if (lastDoc !== null) {
    const seq = fallback(lastDoc)._seq;
    last = typeof seq === 'number' ? seq : null;
  }
  return { content: out.subarray(0, at), count, last };
}
