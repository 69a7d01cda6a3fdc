/** windows.wat → base64 WebAssembly (compile.mjs). */
export function compileWindowsWat(text: string): Promise<string>;
