// The customer page's stylesheet (inline in the page: the gateway has no build step). Readable at
// 375 px; every control is at least 44 px high; focus is always visible.

/** The page's CSS. */
export const PAGE_STYLE = `:root{--bg:#f6f7f9;--panel:#fff;--ink:#1b1f24;--muted:#5b6470;--line:#d8dde3;--brand:#2f5bd3;--brand-ink:#fff;
--in:#e9eef9;--out:#fff;--ok:#17794a;--bad:#b42318;--focus:#1d4ed8;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
*{box-sizing:border-box}body{margin:0}[hidden]{display:none!important}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
header{background:var(--panel);border-bottom:1px solid var(--line);padding:14px 20px}
header h1{font-size:18px;margin:0}header p{margin:4px 0 0;color:var(--muted);font-size:14px}
main{max-width:860px;margin:0 auto;padding:16px}
.tabs{display:flex;gap:4px;border-bottom:1px solid var(--line);margin-bottom:12px}
.tabs button{flex:0 0 auto;min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;font:inherit;color:var(--muted);cursor:pointer}
.tabs button[aria-selected=true]{color:var(--ink);border-bottom-color:var(--brand);font-weight:600}
.card{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:14px}
.who{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:10px;margin-bottom:12px}
label{display:flex;flex-direction:column;gap:4px;font-size:13px;color:var(--muted);font-weight:500}
input,select,textarea{font:inherit;color:var(--ink);border:1px solid #b9c1cb;border-radius:8px;padding:9px 10px;min-height:44px;background:#fff;width:100%}
textarea{resize:vertical;min-height:64px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.check{flex-direction:row;align-items:center;gap:8px;color:var(--ink)}.check input{width:20px;min-height:20px}
#thread{list-style:none;margin:0;padding:6px 0;min-height:220px;max-height:55vh;overflow-y:auto;display:flex;flex-direction:column;gap:10px}
#thread .empty{color:var(--muted);text-align:center;padding:40px 8px}
.msg{max-width:78%;border:1px solid var(--line);border-radius:12px;padding:8px 12px;background:var(--out);overflow-wrap:anywhere}
.msg.mine{align-self:flex-end;background:var(--in);border-color:#c8d3ef}
.msg .meta{display:flex;flex-wrap:wrap;gap:6px 10px;font-size:12px;color:var(--muted);margin-top:4px}
.msg .subject{font-weight:600;margin-bottom:2px}
.msg .body{white-space:pre-wrap}
.badge{display:inline-block;font-size:11px;font-weight:600;border-radius:99px;padding:1px 8px;background:#eef0f3;color:#3a424c}
.badge.failed{background:#fde8e7;color:var(--bad)}.badge.read{background:#e3f4ea;color:var(--ok)}
.msg .err{color:var(--bad);font-size:13px;margin-top:4px}
.msg button{font:inherit;font-size:13px;margin-top:6px;min-height:36px;border:1px solid var(--line);background:#fff;border-radius:6px;padding:4px 10px;cursor:pointer}
form.compose{display:flex;flex-direction:column;gap:8px;margin-top:12px;border-top:1px solid var(--line);padding-top:12px}
.row{display:flex;gap:8px;align-items:flex-end}.row>label{flex:1}
.attach{margin-bottom:8px}
.send{min-height:44px;min-width:88px;border:0;border-radius:8px;background:var(--brand);color:var(--brand-ink);font:inherit;font-weight:600;padding:0 18px;cursor:pointer}
.send:disabled{opacity:.6;cursor:progress}
.replying{display:flex;gap:8px;align-items:center;font-size:13px;color:var(--muted)}
.replying button{font:inherit;font-size:13px;border:0;background:none;color:var(--brand);text-decoration:underline;cursor:pointer;min-height:32px}
#status{min-height:22px;font-size:14px;margin:8px 0 0}#status.bad{color:var(--bad)}
footer{max-width:860px;margin:0 auto;padding:0 16px 24px;color:var(--muted);font-size:13px}
footer a{color:var(--brand)}
.hint{font-size:13px;color:var(--muted);margin:0 0 10px}
@media (max-width:480px){main{padding:10px}.msg{max-width:92%}.tabs button{padding:8px 10px;flex:1}.row{flex-direction:column;align-items:stretch}}
`;
