#!/usr/bin/env bash
# Installs a Jupyter kernelspec for the Java kernel (rapaio-jupyter-kernel, fetched by Maven into
# examples/target/kernel/ by `mvn package`) into a user folder.
#   examples/install-kernel.sh [KERNEL_JAR] [KERNELS_DIR]
# KERNELS_DIR defaults to $JUPYTER_DATA_DIR/kernels or ~/.local/share/jupyter/kernels.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${1:-$here/target/kernel/rapaio-jupyter-kernel.jar}"
kernels="${2:-${JUPYTER_DATA_DIR:-$HOME/.local/share/jupyter}/kernels}"
if [ ! -f "$jar" ]; then
  echo "install-kernel: $jar not found; run 'mvn -B package' in the repository root first" >&2
  exit 1
fi
jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
dir="$kernels/rapaio-jupyter-kernel"
mkdir -p "$dir"
cat > "$dir/kernel.json" <<JSON
{
  "argv": ["java", "-jar", "$jar", "{connection_file}"],
  "display_name": "Java (rapaio)",
  "language": "java",
  "interrupt_mode": "message"
}
JSON
echo "install-kernel: kernel 'rapaio-jupyter-kernel' installed in $dir"
