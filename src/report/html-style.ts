// The HTML report's style sheet, inline in the page (no request leaves it).
export const STYLE = `
:root{--err:#b3261e;--warn:#8a5300;--info:#35597a;--line:#e2e2de;--muted:#5f6368;--bg:#f7f7f5;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#202124;background:var(--bg)}
header.top{padding:16px 28px 12px;background:#fff;border-bottom:1px solid var(--line)}
h1{font-size:19px;margin:0}
h2{font-size:15px;margin:0 0 10px}
.run{margin:2px 0 0;color:var(--muted);font-size:12.5px;overflow-wrap:anywhere}
code,.mono{font-family:var(--mono);font-size:12.5px}
main{display:flex;flex-direction:column;gap:18px;padding:18px 28px 48px}
.note{margin:12px 28px 0;padding:8px 12px;background:#fff8e1;border:1px solid #f0d890;border-radius:6px}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:14px 18px}
.summary{order:-1;display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
.summary>.stats{flex:0 0 auto}
.summary>.chart{flex:1 1 480px}
.summary>.unreadable{flex:1 1 100%}
.stats dl{display:grid;grid-template-columns:auto auto;gap:2px 18px;margin:0}
.stats dt{color:var(--muted)}
.stats dd{margin:0;text-align:right;font-weight:600;font-variant-numeric:tabular-nums}
.stats dd.error{color:var(--err)}.stats dd.warning{color:var(--warn)}.stats dd.info{color:var(--info)}
.chart svg{display:block;max-width:100%;height:auto}
.chart [data-bar-code]{cursor:pointer}
.chart [data-bar-code]:hover rect.bar,.chart [data-bar-code]:focus rect.bar{opacity:.75}
.unreadable ul{margin:0;padding-left:18px;max-height:220px;overflow:auto}
.unreadable li{margin:2px 0}
.fl{font-family:var(--mono);font-size:12.5px;overflow-wrap:anywhere}
.controls{display:flex;flex-wrap:wrap;gap:8px 18px;align-items:center;margin-bottom:10px}
.controls label{display:inline-flex;align-items:center;gap:5px}
.controls input[type=search]{width:260px}
.controls select,.controls input[type=search]{font:inherit;padding:3px 6px;border:1px solid #c8c8c4;border-radius:5px;background:#fff}
.count{margin:0 0 6px;color:var(--muted)}
.pager{margin:10px 0 0;display:flex;gap:10px;align-items:center;justify-content:center;color:var(--muted)}
.pager button{font:inherit;padding:3px 10px;border:1px solid #c8c8c4;border-radius:5px;background:#fff;cursor:pointer}
.pager button:disabled{opacity:.4;cursor:default}
table{width:100%;border-collapse:collapse;table-layout:fixed;background:#fff;border:1px solid var(--line)}
col.c-file{width:27%}col.c-n{width:62px}col.c-line{width:82px}col.c-sev{width:92px}col.c-code{width:172px}
th{position:sticky;top:0;z-index:1;background:#f1f1ee;text-align:left;font-weight:600;cursor:pointer;user-select:none;white-space:nowrap}
th[aria-sort=ascending]::after{content:" \\25b2";font-size:10px}
th[aria-sort=descending]::after{content:" \\25bc";font-size:10px}
td,th{padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}
td{overflow-wrap:anywhere}
tr[data-code]{cursor:pointer}
tr[data-code]:hover{background:#f5f8fc}
tr[data-code]:focus{outline:2px solid #7aa7e0;outline-offset:-2px}
tr[aria-expanded=true]{background:#eaf1fb}
tr[aria-expanded=true]>td{border-bottom:0}
.sv{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;font-weight:600}
.sv.error{background:#fce8e6;color:var(--err)}.sv.warning{background:#fdf0d5;color:var(--warn)}.sv.info{background:#e6eef6;color:var(--info)}
tr.ev>td{background:#fbfbfa;padding:12px 14px 18px;border-bottom:2px solid #c9d6e8}
.evb{display:flex;flex-wrap:wrap;gap:22px;align-items:flex-start}
.board{flex:0 0 auto;max-width:520px}
.board svg{display:block;max-width:100%;height:auto;border:1px solid var(--line);border-radius:6px}
.nob{width:260px;color:var(--muted);font-style:italic;margin:0}
.det{flex:1 1 360px;min-width:300px}
.det p{margin:0 0 8px}
.rule{color:var(--muted)}
.det dl{display:grid;grid-template-columns:max-content 1fr;gap:3px 14px;margin:0 0 12px}
.det dt{color:var(--muted)}.det dd{margin:0;overflow-wrap:anywhere}
.src{margin:0;padding:8px 0;background:#fff;border:1px solid var(--line);border-radius:6px;font-family:var(--mono);font-size:12.5px;line-height:1.5;overflow-x:auto}
.src div{white-space:pre;padding:0 10px}
.src .no{display:inline-block;min-width:4.5ch;color:#9aa0a6;text-align:right;margin-right:12px;user-select:none}
.src .hl{background:#fff1c2;box-shadow:inset 3px 0 #e0a800}
.src .caret{color:var(--err)}
.cut{color:var(--muted);font-size:12px;margin-top:4px}
.empty{margin:8px 0 0;color:var(--muted)}
`;
