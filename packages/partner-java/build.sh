#!/usr/bin/env bash
# Compiles the kit and its tests with the JDK alone (no Maven or Gradle): the kit into
# build/main, packed as build/faceflow-partner.jar for a partner's classpath, its tests into
# build/test (run them with -cp build/main:build/test).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf build
mkdir -p build/main build/test
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -d build/main $(find src/main/java -name '*.java')
jar --create --file build/faceflow-partner.jar -C build/main .
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -cp build/main -d build/test $(find src/test/java -name '*.java')
