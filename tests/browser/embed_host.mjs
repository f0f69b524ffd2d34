// The example provider page (web/host-example.html) on a second origin, embedding the calculator
// from the test site: the shared set-up of the embed, phone-embed and hostile-message tests.
// `calcUrl`: the calculator's own server (default: the test site), e.g. one whose CSP allows a provider's files.
export async function hostPage(ctx, query = '', openOptions = { viewport: { width: 1280, height: 900 } }, calcUrl = ctx.url) {
  // Another port: another origin. A provider page's own CSP must allow framing the calculator.
  const host = await ctx.serve(ctx.siteDir, { csp: `default-src 'self'; frame-src ${calcUrl.replace(/\/$/, '')}` });
  const s = await ctx.open(new URL(`host-example.html?calc=${encodeURIComponent(calcUrl)}${query}`, host.url).href,
    { ...openOptions, waitReady: false });
  const frame = await ctx.until(async () => {
    const f = s.page.frames().find((fr) => fr.url().startsWith(calcUrl) && fr !== s.page.mainFrame());
    return f && (await f.evaluate(() => window.gpusizer && window.gpusizer.ready).catch(() => false)) ? f : null;
  }, { timeout: 20000, message: 'embedded calculator ready' });
  return { s, host, frame };
}
