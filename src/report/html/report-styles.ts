/** The report's only stylesheet, inlined: system fonts, no external resources, readable in print. */
export const REPORT_STYLES = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --pass: #1a7f37; --fail: #cf222e; --bg-soft: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0 auto; max-width: 1100px; padding: 24px; }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 32px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 16px; margin: 20px 0 6px; } p.note, .muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 13px; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg-soft); font-weight: 600; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.yes { color: var(--pass); font-weight: 600; } .no { color: var(--fail); }
.pass { color: var(--pass); } .fail { color: var(--fail); font-weight: 600; }
figure { margin: 12px 0 24px; } figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
figure svg { max-width: 100%; height: auto; }
details { margin: 4px 0; } summary { cursor: pointer; }
details.case { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; margin: 6px 0; }
details.case > summary { font-weight: 600; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--bg-soft); padding: 8px; border-radius: 4px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; max-height: 480px; overflow: auto; }
.message { border-left: 3px solid var(--line); padding: 0 8px; margin: 4px 0; }
.message.user { border-color: #0969da; } .message.assistant { border-color: #8250df; } .message.tool, .message.call { border-color: #9a6700; }
.message .who { font-size: 12px; color: var(--muted); }
.warn { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 8px 12px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
`;
