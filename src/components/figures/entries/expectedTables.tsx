import { itemCountRange } from '../../../core/index.ts';
import { tablesSettings } from '../../../figures/figureRegistry.ts';
import { catalogueText, fmtInt } from '../../../figures/labels.ts';
import { expectedTables as expectedTableModels } from '../../../figures/paperTables.ts';
import type { ExpectedTable, TableRequest } from '../../../../workers/jobs.ts';
import { figureEntry } from '../entry.ts';
import { SAMPLING_TEXT } from '../types.ts';
import { definedIds, needsTrueRanks, requestData, type PageRequest } from './common.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

/**
 * The Tables tab's opening and Krichene & Rendle's Tables 1–2, computed exactly: the exact metrics and the
 * expected sampled metrics ± their standard deviation.
 */
export const expectedTables = figureEntry<'tables', PageRequest<TableRequest>, ExpectedTable>({
  id: 'tables-expected',
  settings: tablesSettings,
  kind: 'tables',
  title: 'Tables · the papers’ tables on these data',
  lede: () => (
    <>
      Krichene &amp; Rendle’s Tables 1–4 and Jin et al.’s Tables 2 and 4. Tables 1–2 are computed exactly; the others
      simulate sampled evaluations (seed 1). Cells whose value orders the recommenders differently from the exact metric
      are marked ✗. Each table downloads as CSV.
    </>
  ),
  problem: (inputs) => needsTrueRanks(inputs, 1, 'Tables 1–2 need'),
  request: (inputs) => ({
    ...requestData(inputs, inputs.recommenders),
    metrics: definedIds(inputs, inputs.metrics),
    itemCount: inputs.itemCount,
    sampleSize: inputs.sampleSize,
    sampling: inputs.sampling,
  }),
  compute: async (api, request) => api.expectedTable(await withRankSources(api, request)),
  model: (table, request) => {
    const own = itemCountRange(request.recommenders.map((r) => r.data));
    const setting =
      `${catalogueText(request.itemCount, own)}, m = ${fmtInt(request.sampleSize)} ` + SAMPLING_TEXT[request.sampling];
    return expectedTableModels(table, setting);
  },
  controls: () => null,
});
