/** Sharing: "Copy link", and the configuration as a JSON file (export and, through "Load file", import). */
import { syncLink } from './session.ts';
import { toWireDocument } from './restore.ts';
import { documentOf, explorerStore as store } from './store.ts';

/** Copies the link of the current view; when the data are too large for one, offers the file instead. */
export async function copyLink(
  clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard,
): Promise<void> {
  await syncLink();
  const { link } = store.getState();
  if (link.url === null) {
    const message = `${link.problem ?? 'This view cannot be put in a link.'} Download the configuration as a file instead, and open it with “Load file”.`;
    store.setState({ notice: { tone: 'warning', message, offerDownload: true } });
    return;
  }
  let copied = true;
  try {
    await clipboard?.writeText(link.url);
  } catch {
    copied = false; // no clipboard permission: the link is shown for copying by hand
  }
  store.setState({ link: { ...link, copied } });
}

/** The configuration file's name and text. */
export function configurationFile(): { name: string; text: string } {
  const text = JSON.stringify(toWireDocument(documentOf(store.getState())));
  const stamp = new Date().toISOString().slice(0, 10);
  return { name: `sampled-metrics-${stamp}.json`, text };
}

/** Downloads the whole configuration (settings and data) as a JSON file. */
export function downloadConfiguration(): void {
  const { name, text } = configurationFile();
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
