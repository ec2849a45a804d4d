// A scripted check of the grammar, without an editor: tokenizes a .game file with the TextMate
// engine VS Code uses and prints each token with its scopes.
//   npm install vscode-textmate vscode-oniguruma   (once, in this folder)
//   node tokenize.js ../../games/ur.game
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm")).buffer;
const onigLib = oniguruma.loadWASM(wasm).then(() => ({
  createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
  createOnigString: (s) => new oniguruma.OnigString(s),
}));
const registry = new vsctm.Registry({
  onigLib,
  loadGrammar: async () =>
    vsctm.parseRawGrammar(fs.readFileSync(path.join(__dirname, "syntaxes/ludus.tmLanguage.json"), "utf8"), "ludus.tmLanguage.json"),
});

registry.loadGrammar("source.ludus").then((grammar) => {
  let rule = vsctm.INITIAL;
  for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
    const result = grammar.tokenizeLine(line, rule);
    for (const t of result.tokens) {
      const text = line.substring(t.startIndex, t.endIndex);
      const scope = t.scopes[t.scopes.length - 1];
      if (text.trim() && scope !== "source.ludus") console.log(JSON.stringify(text).padEnd(28), scope);
    }
    rule = result.ruleStack;
  }
});
