import { barePageStatement } from '../../bench/load/bench-target.ts';
import { inlineStatement } from '../../bench/load/pgbench.ts';
const ids = process.argv[2]?.split(',').map(Number) ?? [];
console.log(`${inlineStatement(barePageStatement('highCost', process.argv[3] === 'archive', ids))};`);
