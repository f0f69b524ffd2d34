// The browser and the CLI run the same engine on the same catalog: identical results for one link.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { call, assertEqual } from './harness.mjs';

const links = [
  'v=1&model=Qwen/Qwen3-8B&ctx=32768&users=50',
  'v=1&task=tune&method=qlora&model=meta-llama/Llama-3.1-70B-Instruct',
  'v=1&task=train&model=deepseek-ai/DeepSeek-V3&tokens=14.8T&gpu=h800&n=2048',
  'v=1&task=other&use=hpc&vram=60',
];

export default [
  {
    name: 'catalog and engine: the browser and the CLI give the same JSON for the same link',
    async fn(ctx) {
      const cli = path.join(ctx.siteDir, '..', 'native', 'gpusizer');
      const p = await ctx.open('');
      for (const link of links) {
        const native = JSON.parse(execFileSync(cli, [link, '--json'], { encoding: 'utf8' }));
        await call(p.page, 'setLink', link);
        const web = await call(p.page, 'result');
        assertEqual(web.link, native.link, `link for ${link}`);
        assertEqual(JSON.stringify(web.options), JSON.stringify(native.options), `options for ${link}`);
        assertEqual(JSON.stringify(web.memory), JSON.stringify(native.memory), `memory for ${link}`);
      }
      p.assertNoErrors();
    },
  },
];
