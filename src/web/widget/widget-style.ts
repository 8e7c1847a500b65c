/**
 * The widget's stylesheet, inside its shadow root. `.root` starts from `all: initial` so nothing
 * the host page sets (fonts, colours, `* { all: unset }`) is inherited; sizes are in px/em, never
 * rem, so a host's huge root font size does not leak in. Theming goes through `--er-*` custom
 * properties (they cross the shadow boundary by design) and `::part(panel|input|status|results|result)`.
 */
export const WIDGET_CSS = `
:host{display:block}
:host([hidden]){display:none}
.root{all:initial;display:block;box-sizing:border-box;font-family:var(--er-font-family,system-ui,-apple-system,"Segoe UI",sans-serif);font-size:var(--er-font-size,15px);line-height:1.45;color:var(--er-color,#1b1f24);background:var(--er-background,#fff);border:1px solid var(--er-border,#d0d7de);border-radius:var(--er-radius,10px);padding:.75em;text-align:left}
:where(.root *){box-sizing:border-box;font:inherit;color:inherit;margin:0;padding:0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input{display:block;width:100%;padding:.5em .7em;border:1px solid var(--er-border,#d0d7de);border-radius:calc(var(--er-radius,10px) * .6);background:var(--er-input-background,var(--er-background,#fff))}
input:focus,button:focus-visible{outline:2px solid var(--er-accent,#0b5cad);outline-offset:1px}
.status{display:block;min-height:1.3em;margin:.45em 0 .2em;font-size:.85em;color:var(--er-muted,#5b6470)}
.status.error{color:var(--er-error,#a3161d);font-weight:600}
ul{display:block;list-style:none;max-height:var(--er-max-height,24em);overflow-y:auto}
li{display:block;margin:.35em 0}
button{display:block;width:100%;text-align:left;cursor:pointer;padding:.5em .65em;border:1px solid var(--er-border,#d0d7de);border-radius:calc(var(--er-radius,10px) * .6);background:var(--er-result-background,transparent)}
button:hover,button:focus-visible{border-color:var(--er-accent,#0b5cad)}
.where{display:block;font-weight:600;color:var(--er-accent,#0b5cad);overflow-wrap:anywhere}
.text{display:block;font-size:.9em;overflow-wrap:anywhere}
mark{background:var(--er-mark,#fff1a8);color:inherit;border-radius:2px}
.src{display:block;font-size:.78em;color:var(--er-muted,#5b6470);font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
`;
