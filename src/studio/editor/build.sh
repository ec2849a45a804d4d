#!/usr/bin/env bash
# Builds ../web/vendor/editor.js: CodeMirror 6 and entry.js in one minified file. Only needed when
# entry.js or the pinned versions change; the built file is committed, so the Rust build never
# needs npm.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
out=../web/vendor/editor.js
versions=$(node -e '
  const p = require("./package.json").devDependencies;
  console.log(Object.keys(p).filter((n) => n !== "esbuild").map((n) => n + "@" + p[n]).join(" "));')
banner="/* The studio's editor: CodeMirror 6 (MIT, see src/studio/editor/LICENSE-codemirror): $versions. Built by src/studio/editor/build.sh from entry.js. */"
npx esbuild entry.js --bundle --minify --format=iife --target=es2020 --legal-comments=none \
  --banner:js="$banner" --outfile="$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
