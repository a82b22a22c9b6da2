# CPack: the Debian package (scripts/package.sh: `cpack -G DEB` in the test build tree), which
# links the system's Qt 6.4. The AppImage and the portable archive are made from the same
# installed tree by packaging/appimage/build-appimage.sh, with Qt bundled.
# Windows and macOS are not configured here: they cannot be built or tested on Debian (no Qt for
# them in Debian; CPack here has no WiX or DragNDrop). The README ("Packages") lists the steps.
set(CPACK_PACKAGE_NAME kvs-admin)
set(CPACK_PACKAGE_VENDOR "The KVS Admin developers")
set(CPACK_PACKAGE_CONTACT "The KVS Admin developers <kvs-admin@example.org>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "admin and inspector for kvs key-value databases")
set(CPACK_PACKAGE_DESCRIPTION
    "KVS Admin is a desktop admin, inspector and benchmark console for kvs
key-value databases on SQLite and PostgreSQL: a key tree with prefix and
range filters, a value inspector that shows literals and raw bytes, and
checked atomic edits. A database opens read-only unless writes are allowed.

The package also contains kvs, the command-line companion for scripts.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY kvs-admin)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # kvs-admin_VERSION_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://kvs-admin.example.org/")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Plugins are loaded with dlopen(), so dpkg-shlibdeps cannot see them: the platform plugin
# (xcb, in libqt6gui6 on Debian 12), the SVG icon engine for our icons (libqt6svg6), and the
# Secret Service backend of the keychain (through D-Bus, in libqt6keychain1's own depends), and
# the Qt Sql drivers of the Tables view and the SQL console (the store itself talks to SQLite
# and libpq directly).
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libqt6gui6 (>= 6.4), libqt6svg6 (>= 6.4), libqt6sql6-sqlite (>= 6.4), libqt6sql6-psql (>= 6.4)")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

include(CPack)
