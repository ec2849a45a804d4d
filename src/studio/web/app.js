// The page's script: see docs/STUDIO.md.
