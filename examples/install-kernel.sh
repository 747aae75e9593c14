#!/usr/bin/env bash
# Installs a Jupyter kernelspec for the Java kernel (rapaio-jupyter-kernel, fetched by Maven into
# examples/target/kernel/ by `mvn package`) into a user folder. The kernel jar is copied into the
# kernelspec folder, so `mvn clean` (which empties target/) does not break the installed kernel.
#   examples/install-kernel.sh [KERNEL_JAR] [KERNELS_DIR]
# KERNELS_DIR defaults to $JUPYTER_DATA_DIR/kernels or ~/.local/share/jupyter/kernels.
# The kernel needs Java 17 or newer: `java` on the PATH, or $JAVA_HOME/bin/java.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${1:-$here/target/kernel/rapaio-jupyter-kernel.jar}"
kernels="${2:-${JUPYTER_DATA_DIR:-$HOME/.local/share/jupyter}/kernels}"
if [ ! -f "$jar" ]; then
  echo "install-kernel: $jar not found; run 'mvn -B package' in the repository root first" >&2
  exit 1
fi
java="java"
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; fi
command -v "$java" >/dev/null || { echo "install-kernel: no java found; the kernel needs Java 17 or newer" >&2; exit 1; }
major="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | sed 's/^1\.//')"
if [ -z "$major" ] || [ "$major" -lt 17 ]; then
  echo "install-kernel: $java is Java ${major:-unknown}; the Java kernel needs Java 17 or newer (set JAVA_HOME)" >&2
  exit 1
fi
java="$(command -v "$java")"
dir="$kernels/rapaio-jupyter-kernel"
mkdir -p "$dir"
cp "$jar" "$dir/rapaio-jupyter-kernel.jar"
cat > "$dir/kernel.json" <<JSON
{
  "argv": ["$java", "-jar", "$dir/rapaio-jupyter-kernel.jar", "{connection_file}"],
  "display_name": "Java (rapaio)",
  "language": "java",
  "interrupt_mode": "message"
}
JSON
echo "install-kernel: kernel 'rapaio-jupyter-kernel' (Java $major) installed in $dir"
