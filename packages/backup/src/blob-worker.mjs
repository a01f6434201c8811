// A blob worker: hashes, compresses and seals blobs for the engine, off the main thread, and
// verifies, decrypts and decompresses them for restores.
import { parentPort, workerData } from "node:worker_threads";
import { initZstd, packBlob, sha256, unpackBlob } from "./codec.mjs";

const key = {
  encrypt: Buffer.from(workerData.encrypt),
  macK: Buffer.from(workerData.macK),
  macR: Buffer.from(workerData.macR),
};

await initZstd();

parentPort.on("message", (msg) => {
  try {
    const data = Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
    if (msg.op === "unpack") {
      const plain = unpackBlob(key, data, msg.uncompressedLength);
      if (!sha256(plain).equals(Buffer.from(msg.id)))
        throw new Error(`blob ${Buffer.from(msg.id).toString("hex")}: content does not match its id`);
      parentPort.postMessage({
        job: msg.job,
        plain: new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength),
      });
      return;
    }
    const id = sha256(data);
    const { sealed, compressed } = packBlob(key, data, msg.compress);
    const out = new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    parentPort.postMessage({ job: msg.job, id, sealed: out, compressed, plainLength: data.length });
  } catch (err) {
    parentPort.postMessage({ job: msg.job, error: String(err && err.message ? err.message : err) });
  }
});
parentPort.postMessage({ ready: true });
