// COPY … FROM STDIN for node-postgres without pg-copy-streams (not installed): a query object
// pg submits as is (it calls `submit`, then hands it the server's copy-in response and the
// final command-complete / ready-for-query messages), streaming a file as CopyData messages.
import { createReadStream } from 'node:fs';

class CopyIn {
  constructor(text, source) {
    this.text = text;
    this.source = source;
    this.rowCount = 0;
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection) {
    this.connection = connection;
    connection.query(this.text);
  }

  handleCopyInResponse(connection) {
    this.pump(connection).catch((error) => {
      this.error ??= error;
      connection.sendCopyFail(String(error.message ?? error));
    });
  }

  async pump(connection) {
    for await (const chunk of this.source) {
      if (this.error) return;
      connection.sendCopyFromChunk(chunk);
      // Respect the socket's back-pressure: a 2.7 GB file must not sit in memory.
      if (connection.stream.writableNeedDrain)
        await new Promise((resolve) => connection.stream.once('drain', resolve));
    }
    connection.endCopyFrom();
  }

  handleCommandComplete(message) {
    const match = /COPY (\d+)/.exec(message.text ?? '');
    if (match) this.rowCount = Number(match[1]);
  }

  handleError(error) {
    this.error ??= error;
  }

  handleReadyForQuery() {
    if (this.error) this.reject(this.error);
    else this.resolve(this.rowCount);
  }

  // Messages a COPY never gets, but pg may route to the active query.
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** Streams `path` (COPY text format) into the table with `copySql` (`copy … from stdin`); resolves with the row count. */
export function copyFile(client, copySql, path) {
  const copy = new CopyIn(copySql, createReadStream(path, { highWaterMark: 1 << 20 }));
  client.query(copy);
  return copy.promise;
}
