#!/usr/bin/env bash
# A throw-away clone of this project whose last commit bumps JTOpen, the way a dependency bump's pull request does, for
# checking the gate's base build on a cache that lacks the base's version (docs/gate.md, "The base"): the base commit
# pins net.sf.jt400:jt400:VERSION, which no public registry has, served by a file:// Maven repository made here (a copy
# of the local repository's jt400 21.0.6 jar under the new version, with a minimal pom); the head commit restores 21.0.6.
# On a local repository without VERSION, the base's offline build fails for want of it, and the online build fetches it
# from the file:// repository. This script never puts VERSION into the local repository itself.
# Prints the base and head commits and the file:// repository's path.
#
# Usage: src/test/sh/dependency-bump.sh DIR [VERSION=20.0.8-fixture] [REPOSITORY=DIR-maven-repo]
#        The local repository is ~/.m2/repository unless MAVEN_LOCAL_REPO says otherwise; it must hold jt400 21.0.6
#        (any build of this project leaves it there) and must not hold VERSION.
#
# The head commit takes the <repositories> entry out again: its tree is then this checkout's exactly, as a real bump
# leaves it, and the candidate's own build consults no repository but the usual ones; only the base needs the fixture.
set -euo pipefail
dir=${1:?usage: dependency-bump.sh DIR [VERSION] [REPOSITORY]}
version=${2:-20.0.8-fixture}
dir=$(realpath -m "$dir")
repository=$(realpath -m "${3:-$dir-maven-repo}")
local_repo=${MAVEN_LOCAL_REPO:-$HOME/.m2/repository}
current=21.0.6
src=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)

jt400=$local_repo/net/sf/jt400/jt400
if [ ! -f "$jt400/$current/jt400-$current.jar" ]; then
  echo "dependency-bump.sh: no $jt400/$current/jt400-$current.jar: build this project once (mvn package) first" >&2
  exit 2
fi
if [ -e "$jt400/$version" ]; then
  echo "dependency-bump.sh: the local repository already has $jt400/$version, so the base would build offline;" \
    "remove it first: rm -rf '$jt400/$version'" >&2
  exit 2
fi
if ! grep -q "<jt400.version>$current</jt400.version>" "$src/pom.xml"; then
  echo "dependency-bump.sh: $src/pom.xml does not pin jt400.version $current" >&2
  exit 2
fi

# The file:// repository: the Maven 2 layout, with checksums (Maven warns about an artifact without them).
rm -rf "$repository"
target=$repository/net/sf/jt400/jt400/$version
mkdir -p "$target"
cp "$jt400/$current/jt400-$current.jar" "$target/jt400-$version.jar"
cat > "$target/jt400-$version.pom" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>net.sf.jt400</groupId>
  <artifactId>jt400</artifactId>
  <version>$version</version>
  <packaging>jar</packaging>
  <name>JTOpen $version (a test fixture: the $current jar under another version)</name>
</project>
EOF
for f in "$target/jt400-$version.jar" "$target/jt400-$version.pom"; do
  sha1sum "$f" | cut -d' ' -f1 > "$f.sha1"
  md5sum "$f" | cut -d' ' -f1 > "$f.md5"
done

rm -rf "$dir"
git clone -q "$src" "$dir"
cd "$dir"
git config user.email bump@example.invalid
git config user.name "dependency bump"

python3 - pom.xml "$version" "file://$repository" <<'PY'
import sys
path, version, url = sys.argv[1], sys.argv[2], sys.argv[3]
s = open(path).read()
old = "<jt400.version>21.0.6</jt400.version>"
assert s.count(old) == 1, old
s = s.replace(old, "<jt400.version>" + version + "</jt400.version>")
anchor = "\n  <dependencies>\n"
assert s.count(anchor) == 1, anchor
s = s.replace(anchor, """
  <!-- A test fixture's repository (src/test/sh/dependency-bump.sh): the only one with JTOpen """ + version + """. -->
  <repositories>
    <repository>
      <id>jt400-fixture</id>
      <url>""" + url + """</url>
      <releases>
        <enabled>true</enabled>
      </releases>
      <snapshots>
        <enabled>false</enabled>
      </snapshots>
    </repository>
  </repositories>
""" + anchor, 1)
open(path, "w").write(s)
PY
git commit -q -am "base: pins JTOpen $version"
git checkout -q HEAD~1 -- pom.xml
git commit -q -am "bump JTOpen to $current"
echo "base $(git rev-parse HEAD~1)"
echo "head $(git rev-parse HEAD)"
echo "repository $repository"
