// Starts `ludus lsp` for .game files. Plain JavaScript: no build step beyond `npm install`.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("ludus").get("path") || "ludus";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "ludus",
    "ludus",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "ludus" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
