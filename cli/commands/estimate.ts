import type { Command } from '../command.ts';
import { COMMON_OPTIONS } from '../inputs.ts';

export const estimateCommand: Command = {
  name: 'estimate',
  summary: '(not yet available)',
  description: '',
  options: [...COMMON_OPTIONS],
  example: '',
  run(args) {
    throw args.error('not yet available');
  },
};
