/** windows.wat → the module's bytes as base64 (wabt's wat2wasm, SIMD and bulk memory on); build-wasm.mjs and the test. */
import wabtInit from 'wabt';

export async function compileWindowsWat(text) {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat('windows.wat', text, { simd: true, bulk_memory: true, multi_value: true });
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({}).buffer).toString('base64');
  } finally {
    parsed.destroy();
  }
}
