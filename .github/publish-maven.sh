#!/usr/bin/env bash
# Publishes the tool's runnable jar (target/benchmarks.jar, every dependency inside) as io.github.ccsidbench:ccsid-bench
# VERSION into the Maven-layout repository at URL: the release workflow's gh-pages checkout (served by GitHub Pages as
# https://ccsidbench.github.io/ccsid-bench/maven, read without a token), or a file:// folder when the route is replayed
# (.ci/run, src/test/sh/codec-team.sh). The pom is generated without dependencies, since the jar holds them.
#
# Usage: .github/publish-maven.sh URL [VERSION]      (from the repository's top, after mvn package)
# VERSION defaults to the pom's version without -SNAPSHOT, and must be it when given. The version published is printed
# on standard output, the only thing printed there.
set -euo pipefail
url=${1:?usage: publish-maven.sh URL [VERSION]}
# The project's version is the pom's first <version> (before any dependency's).
pom_version=$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' pom.xml | head -n 1)
version=${2:-${pom_version%-SNAPSHOT}}
if [ "${pom_version%-SNAPSHOT}" != "$version" ]; then
  echo "publish-maven.sh: version $version is not the pom's ($pom_version): set the pom's version first" >&2
  exit 2
fi
[ -f target/benchmarks.jar ] || { echo "publish-maven.sh: no target/benchmarks.jar: run mvn package first" >&2; exit 2; }
mvn -B -ntp -q org.apache.maven.plugins:maven-deploy-plugin:3.1.4:deploy-file -Dfile=target/benchmarks.jar \
  -DgroupId=io.github.ccsidbench -DartifactId=ccsid-bench -Dversion="$version" -Dpackaging=jar -DgeneratePom=true \
  -Durl="$url" -DrepositoryId=ccsid-bench >&2
echo "publish-maven.sh: io.github.ccsidbench:ccsid-bench:$version published to $url" >&2
echo "$version"
