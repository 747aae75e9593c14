#!/usr/bin/env bash
# Executes every notebook (Java kernel, headless, executed copies in target/notebooks; the committed
# notebooks are not touched) and every Octave example (figures in target/octave-figures).
# Run by `mvn verify` (examples/pom.xml) after the all-in-one jar and the kernel jar are in place.
# SKIP_NOTEBOOKS: space-separated notebook file names not to run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="$here/target"
py=/usr/bin/python3   # Debian's Jupyter (python3-nbclient) belongs to the system python, not pyenv's
"$py" -c 'import nbclient, nbformat' 2>/dev/null || { echo "examples: $py lacks nbclient/nbformat (.ci/run installs python3-nbclient)" >&2; exit 1; }
[ -f "$here/../dist/gpujacobi.jar" ] || { echo "examples: dist/gpujacobi.jar is missing; build the jars first (mvn -B -DskipTests package)" >&2; exit 1; }
"$here/install-kernel.sh" "$target/kernel/rapaio-jupyter-kernel.jar" "$target/jupyter/kernels" >/dev/null
notebooks=()
for nb in "$here"/notebooks/*.ipynb; do
  name="$(basename "$nb")"
  if [[ " ${SKIP_NOTEBOOKS:-} " == *" $name "* ]]; then
    echo "notebook $name: SKIPPED (SKIP_NOTEBOOKS)"
  else
    notebooks+=("$nb")
  fi
done
status=0
# The kernel logs every message at INFO on stderr: keep only what is not kernel chatter.
"$py" "$here/run_notebooks.py" --kernels "$target/jupyter" --out "$target/notebooks" "${notebooks[@]}" \
  2> >(grep -v -E '^\[[0-9-]+ [0-9:]+\] \[INFO|^  "|^\}|^$' >&2) || status=1
"$here/octave/run_all.sh" "$target/octave-figures" || status=1
exit $status
