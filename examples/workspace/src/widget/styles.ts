// The widget's styles, scoped to its shadow root (the host page's CSS cannot reach them and
// theirs cannot leak out).
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; width: 56px; height: 56px;
  border-radius: 50%; border: 0; background: #4f46e5; color: #fff; cursor: pointer;
  box-shadow: 0 6px 20px rgba(0,0,0,.2); display: grid; place-items: center; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible, input:focus-visible {
  outline: 3px solid #a5b4fc; outline-offset: 2px; }
.launcher svg { width: 26px; height: 26px; }
.panel { position: fixed; right: 20px; bottom: 88px; z-index: 2147483000; width: 370px; max-width: calc(100vw - 24px);
  height: 560px; max-height: calc(100vh - 110px); background: #fff; color: #111827; border-radius: 14px;
  box-shadow: 0 12px 40px rgba(0,0,0,.22); display: flex; flex-direction: column; overflow: hidden; font-size: 14px; }
.panel[hidden] { display: none; }
@media (max-width: 480px) { .panel { right: 0; bottom: 0; width: 100vw; max-width: 100vw; height: 100%; max-height: 100%; border-radius: 0; }
  .launcher[aria-expanded="true"] { display: none; } }
header { background: #4f46e5; color: #fff; padding: 14px 16px; display: flex; align-items: center; gap: 8px; }
header h2 { font-size: 16px; margin: 0; flex: 1; font-weight: 600; }
header p { margin: 2px 0 0; font-size: 12px; opacity: .9; }
.close { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; padding: 4px 8px; border-radius: 6px; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f9fafb; }
.msg { max-width: 82%; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.4; }
.msg[data-direction="inbound"] { align-self: flex-end; background: #4f46e5; color: #fff; border-bottom-right-radius: 4px; }
.msg[data-direction="outbound"] { align-self: flex-start; background: #fff; border: 1px solid #e5e7eb; border-bottom-left-radius: 4px; }
.meta { font-size: 11px; color: #6b7280; margin-top: 2px; }
.msg[data-direction="inbound"] + .meta { align-self: flex-end; }
.away { border: 1px solid #e5e7eb; background: #fff; border-radius: 10px; padding: 10px 12px; display: grid; gap: 6px; }
.away strong { font-size: 14px; }
.away p { margin: 0; color: #374151; }
.row { display: flex; gap: 6px; }
input, textarea { font: inherit; color: inherit; border: 1px solid #d1d5db; border-radius: 8px; padding: 8px 10px; flex: 1; min-width: 0; background: #fff; }
textarea { resize: none; height: 44px; }
form.compose { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #e5e7eb; background: #fff; }
.btn { background: #4f46e5; color: #fff; border: 0; border-radius: 8px; padding: 0 14px; font-weight: 600; cursor: pointer; min-height: 40px; }
.btn:disabled { opacity: .6; cursor: default; }
.error { color: #b91c1c; font-size: 12px; padding: 0 12px 6px; margin: 0; }
.error:empty { display: none; }
.intro { color: #4b5563; text-align: center; font-size: 13px; margin: 8px 0; }
`;
