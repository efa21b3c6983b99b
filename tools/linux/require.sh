# Sourced by the tools/linux scripts: a missing prerequisite is one line naming the Debian
# package that provides it (tools/setup.sh --linux installs them all), exit status 2.
require_tool() {  # <command> <debian package>
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "[linux] $1 not found: install the Debian package $2 (or run tools/setup.sh --linux)" >&2
  exit 2
}
require_file() {  # <path> <debian package>
  [ -r "$1" ] && return 0
  echo "[linux] $1 not found: install the Debian package $2 (or run tools/setup.sh --linux)" >&2
  exit 2
}
