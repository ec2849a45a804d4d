// The studio's editor: CodeMirror 6 with a mode for the ludeme language, behind the few calls
// that app.js makes. Bundled by build.sh into ../web/vendor/editor.js as the global `LudusEditor`.
import { Annotation, EditorState, Prec } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, hoverTooltip,
} from "@codemirror/view";
import {
  StreamLanguage, bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle,
} from "@codemirror/language";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { tags } from "@lezer/highlight";

// The tokens of grammar/ludus.pest, read a line at a time. The state remembers whether the last
// token was `(`, since the name that follows it is the ludeme called.
const NAME = /^(?:[A-Za-z_][A-Za-z0-9_-]*|>=|<=|!=|=|>|<|\+|-|\*)/;
const ludemeMode = {
  name: "ludus",
  startState: () => ({ afterParen: false }),
  token(stream, state) {
    if (stream.eatSpace()) return null;
    const afterParen = state.afterParen;
    state.afterParen = false;
    if (stream.match("//")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.match(/^"(?:[^"\\\n]|\\.)*"?/)) return "string";
    if (stream.match(/^-?\d+(?:\.\d+)?(?![A-Za-z0-9_-])/)) return "number";
    if (stream.match(/^#\d+/)) return "variableName.special";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_-]*:/)) return "propertyName";
    if (stream.match(/^(?:true|false)(?![A-Za-z0-9_-])/)) return "bool";
    if (stream.eat("(")) {
      state.afterParen = true;
      return "paren";
    }
    if (stream.eat(")")) return "paren";
    if (stream.eat("{") || stream.eat("}")) return "brace";
    if (stream.match(NAME)) return afterParen ? "keyword" : "atom";
    stream.match(/^[^\s(){}"]+/) || stream.next();
    return "invalid";
  },
  languageData: {
    commentTokens: { line: "//" },
    closeBrackets: { brackets: ["(", "{", '"'] },
  },
};

const style = HighlightStyle.define([
  { tag: tags.comment, color: "#6a737d", fontStyle: "italic" },
  { tag: tags.string, color: "#0a7d32" },
  { tag: tags.number, color: "#005cc5" },
  { tag: tags.bool, color: "#005cc5" },
  { tag: tags.keyword, color: "#8a2be2", fontWeight: "600" },
  { tag: tags.propertyName, color: "#b35900" },
  { tag: tags.special(tags.variableName), color: "#d73a49" },
  { tag: tags.atom, color: "#24292e" },
  { tag: [tags.paren, tags.brace], color: "#57606a" },
  { tag: tags.invalid, color: "#cb2431", textDecoration: "underline wavy" },
]);

// A small reading of the hover's markdown: code blocks, inline code and bold. The text is put in
// with textContent, so nothing in it is read as HTML.
function renderMarkdown(markdown) {
  const root = document.createElement("div");
  root.className = "cm-ludus-hover";
  const blocks = markdown.split(/```[a-z]*\n?/);
  blocks.forEach((block, i) => {
    if (i % 2 === 1) {
      const pre = document.createElement("pre");
      pre.textContent = block.replace(/\n$/, "");
      root.appendChild(pre);
      return;
    }
    for (const para of block.split(/\n{2,}/)) {
      if (!para.trim()) continue;
      const p = document.createElement("p");
      for (const [j, piece] of para.split("`").entries()) {
        if (j % 2 === 1) {
          const code = document.createElement("code");
          code.textContent = piece;
          p.appendChild(code);
        } else {
          for (const [k, part] of piece.split("**").entries()) {
            const node = k % 2 === 1 ? document.createElement("b") : document.createTextNode("");
            node.textContent = part;
            p.appendChild(node);
          }
        }
      }
      root.appendChild(p);
    }
  });
  return root;
}

// LSP positions (line, UTF-16 column, from 0) to document offsets: a CodeMirror offset counts
// UTF-16 units too, so only the line is looked up. Out-of-range positions are clamped.
function offsetOf(doc, line, character) {
  if (line >= doc.lines) return doc.length;
  const l = doc.line(Math.max(0, line) + 1);
  return Math.min(l.from + Math.max(0, character), l.to);
}

// Marks a change made by the page rather than by the user.
const quiet = Annotation.define();

const SEVERITY = { 1: "error", 2: "warning", 3: "info", 4: "hint" };

function toLint(doc, diagnostics) {
  return diagnostics.map((d) => {
    const from = offsetOf(doc, d.range.start.line, d.range.start.character);
    let to = offsetOf(doc, d.range.end.line, d.range.end.character);
    if (to < from) to = from;
    return { from, to, severity: SEVERITY[d.severity] || "error", message: d.message };
  });
}

// Makes an editor in `parent` holding `text`. Options: onChange(text) after each edit,
// hover(line, character) -> Promise of markdown or null, keys: {save, format}.
function create(parent, text, options = {}) {
  const keys = options.keys || {};
  const own = [];
  if (keys.save) own.push({ key: "Mod-s", preventDefault: true, run: () => (keys.save(), true) });
  if (keys.format) own.push({ key: "Shift-Alt-f", preventDefault: true, run: () => (keys.format(), true) });
  const extensions = [
    lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(),
    history(), bracketMatching(), closeBrackets(), indentOnInput(), highlightSelectionMatches(),
    StreamLanguage.define(ludemeMode), syntaxHighlighting(style), lintGutter(),
    Prec.highest(keymap.of(own)),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && options.onChange && !update.transactions.some((t) => t.annotation(quiet))) {
        options.onChange(update.state.doc.toString());
      }
    }),
    EditorView.lineWrapping,
    EditorView.theme({ "&": { height: "100%" }, ".cm-scroller": { fontFamily: "ui-monospace, Menlo, Consolas, monospace" } }),
  ];
  if (options.hover) {
    extensions.push(hoverTooltip(async (view, pos) => {
      const line = view.state.doc.lineAt(pos);
      const markdown = await options.hover(line.number - 1, pos - line.from);
      if (!markdown) return null;
      return { pos, above: true, create: () => ({ dom: renderMarkdown(markdown) }) };
    }, { hoverTime: 350 }));
  }
  const view = new EditorView({ state: EditorState.create({ doc: text, extensions }), parent });
  return {
    view,
    getText: () => view.state.doc.toString(),
    // Replaces the whole text; `silent` keeps onChange from hearing of it (a file just loaded).
    setText(next, silent = false) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: next },
        annotations: silent ? quiet.of(true) : [],
      });
    },
    // Shows LSP diagnostics (ranges from 0) as underlines and gutter marks.
    setDiagnostics(diagnostics) {
      view.dispatch(setDiagnostics(view.state, toLint(view.state.doc, diagnostics)));
    },
    hasFocus: () => view.hasFocus,
    focus: () => view.focus(),
  };
}


window.LudusEditor = { create };
