/* The editor's bundle: built by src/studio/editor/build.sh. */
