#!/usr/bin/env bash
# Builds, then runs the vector tests and the end-to-end test against a real service (ports
# 8297, 8298). Each runner prints its failures and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
./build.sh || exit 1
status=0
java -cp build/main:build/test faceflow.partner.VectorsTest ../test-vectors/partner-vectors.json || status=1
java -cp build/main:build/test faceflow.partner.EndToEndTest ../.. || status=1
exit $status
