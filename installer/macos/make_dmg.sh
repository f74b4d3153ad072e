#!/bin/sh
# Turns the .app that `make installer` builds on macOS into a disk image.
#   sh installer/macos/make_dmg.sh      ->  dist/Illusio-Table-<version>.dmg
set -eu
cd "$(dirname "$0")/../.."
app="dist/Illusio Table.app"
[ -d "$app" ] || { echo "build the app first: make installer" >&2; exit 1; }
version=$(/usr/libexec/PlistBuddy -c "Print CFBundleShortVersionString" "$app/Contents/Info.plist")
stage=$(mktemp -d)
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"   # drag the app onto it to install
hdiutil create -volname "Illusio Table" -srcfolder "$stage" -ov -format UDZO "dist/Illusio-Table-$version.dmg"
rm -rf "$stage"
echo "dist/Illusio-Table-$version.dmg"
