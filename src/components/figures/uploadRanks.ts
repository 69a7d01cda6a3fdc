/**
 * Rank data for a figure request: small data as they are; large data uploaded to the figures worker once, in 1 MB
 * chunks, then referred to by key — the same mechanism as the compute worker's (src/state/rankUpload.ts).
 */
import type { RankData } from '../../core/index.ts';
import type { RankSource } from '../../../workers/rankRegistry.ts';
import { rankInputs } from '../../state/rankUpload.ts';
import type { AsyncApi } from '../../state/workerBridge.ts';

export { UPLOAD_THRESHOLD } from '../../state/rankUpload.ts';

export function rankSources(
  api: AsyncApi,
  recommenders: readonly { readonly name: string; readonly data: RankData }[],
): Promise<RankSource[]> {
  return rankInputs(api, recommenders);
}
