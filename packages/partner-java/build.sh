#!/usr/bin/env bash
# Compiles the kit and its tests with the JDK alone (no Maven or Gradle): build/classes, and
# the kit without its tests as build/faceflow-partner.jar for a partner's classpath.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf build
mkdir -p build/main build/classes
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -d build/main $(find src/main/java -name '*.java')
jar --create --file build/faceflow-partner.jar -C build/main .
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -d build/classes $(find src/main/java src/test/java -name '*.java')
