# Makes an installed tree self-contained (the AppImage's and the portable archive's): copies the
# Qt plugins kvs-admin needs and every shared library the executables and plugins load, except
# those every desktop has (glibc, libstdc++, OpenGL, X11 and xcb's core, fonts), gives them
# RUNPATHs relative to themselves, and writes qt.conf.
# Qt 6.4's qt_generate_deploy_app_script refuses Linux and linuxdeploy is not in Debian, so this
# uses file(GET_RUNTIME_DEPENDENCIES) and patchelf (README, "Packages").
#
# cmake -DPREFIX=AppDir/usr [-DPATCHELF=patchelf] -P cmake/QtLinuxBundle.cmake
# PREFIX holds bin/kvs-admin and bin/kvs (cmake --install); afterwards also lib/, plugins/,
# translations/ and bin/qt.conf.
cmake_minimum_required(VERSION 3.25)
if(NOT PREFIX OR NOT EXISTS "${PREFIX}/bin/kvs-admin")
    message(FATAL_ERROR "QtLinuxBundle: PREFIX must hold bin/kvs-admin (got '${PREFIX}')")
endif()
if(NOT PATCHELF)
    find_program(PATCHELF patchelf REQUIRED)
endif()
set(multiarch x86_64-linux-gnu)
set(qt_plugins /usr/lib/${multiarch}/qt6/plugins)
set(qt_translations /usr/share/qt6/translations)

# The plugins: windows on X11 (and offscreen, for checks without a display), OpenGL on X11 for
# Qt's widgets that use it, compose keys, our SVG icons, common image formats and the
# desktop portal's file dialogs, and the Qt Sql drivers of the Tables view and the SQL console
# (the store itself uses SQLite and libpq directly). Wayland sessions use XWayland (Debian's
# Wayland plugin is in qt6-wayland, not bundled).
set(plugin_globs
    platforms/libqxcb.so
    platforms/libqoffscreen.so
    platforms/libqminimal.so
    xcbglintegrations/*.so
    platforminputcontexts/libcomposeplatforminputcontextplugin.so
    platforminputcontexts/libibusplatforminputcontextplugin.so
    platformthemes/libqxdgdesktopportal.so
    iconengines/libqsvgicon.so
    imageformats/libqsvg.so
    imageformats/libqgif.so
    imageformats/libqico.so
    imageformats/libqjpeg.so
    sqldrivers/libqsqlite.so
    sqldrivers/libqsqlpsql.so
)
set(plugins)
foreach(glob IN LISTS plugin_globs)
    file(GLOB found "${qt_plugins}/${glob}")
    foreach(source IN LISTS found)
        file(RELATIVE_PATH relative "${qt_plugins}" "${source}")
        get_filename_component(dir "${relative}" DIRECTORY)
        file(COPY "${source}" DESTINATION "${PREFIX}/plugins/${dir}")
        list(APPEND plugins "${PREFIX}/plugins/${relative}")
    endforeach()
endforeach()
if(NOT EXISTS "${PREFIX}/plugins/platforms/libqxcb.so")
    message(FATAL_ERROR "QtLinuxBundle: no xcb platform plugin in ${qt_plugins}")
endif()

# What the host provides: the AppImage project's exclude list in short (glibc, the C++ runtime,
# OpenGL/EGL and the DRM stack, X11 and libxcb itself, fonts and text shaping).
set(host_libraries
    "^ld-linux" "^libc\\.so" "^libm\\.so" "^libdl\\.so" "^libpthread\\.so" "^librt\\.so"
    "^libresolv\\.so" "^libutil\\.so" "^libanl\\.so" "^libstdc\\+\\+\\.so" "^libgcc_s\\.so"
    "^libGL\\.so" "^libGLX" "^libGLdispatch" "^libOpenGL" "^libEGL" "^libGLESv2" "^libdrm"
    "^libgbm" "^libX11\\.so" "^libX11-xcb" "^libxcb\\.so" "^libICE" "^libSM" "^libxshmfence"
    "^libfontconfig" "^libfreetype" "^libharfbuzz" "^libfribidi" "^libexpat" "^libz\\.so"
    "^libuuid" "^libgpg-error" "^libasound" "^libwayland-" "^libxcb-dri" "^libxcb-glx"
    "^libxcb-present" "^libxcb-sync" "^libxcb-xfixes" "^libXau" "^libXdmcp" "^libbsd" "^libmd\\.so"
)
set(exclude_regexes)
foreach(name IN LISTS host_libraries)
    string(REGEX REPLACE "^\\^" "" name "${name}") # matched against the whole path
    list(APPEND exclude_regexes ".*/${name}[^/]*$")
endforeach()

set(executables "${PREFIX}/bin/kvs-admin" "${PREFIX}/bin/kvs")
file(GET_RUNTIME_DEPENDENCIES
    EXECUTABLES ${executables}
    MODULES ${plugins}
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    CONFLICTING_DEPENDENCIES_PREFIX conflicts
    POST_EXCLUDE_REGEXES ${exclude_regexes}
    DIRECTORIES /usr/lib/${multiarch} /lib/${multiarch})
if(unresolved)
    message(FATAL_ERROR "QtLinuxBundle: unresolved libraries: ${unresolved}")
endif()
file(MAKE_DIRECTORY "${PREFIX}/lib")
set(bundled)
foreach(library IN LISTS resolved)
    get_filename_component(name "${library}" NAME)
    file(REAL_PATH "${library}" real)
    file(COPY_FILE "${real}" "${PREFIX}/lib/${name}" ONLY_IF_DIFFERENT)
    file(CHMOD "${PREFIX}/lib/${name}" PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    list(APPEND bundled "${PREFIX}/lib/${name}")
endforeach()
list(LENGTH bundled library_count)
list(LENGTH plugins plugin_count)
message(STATUS "QtLinuxBundle: ${library_count} libraries, ${plugin_count} plugins")

# RUNPATHs relative to each file (CMake's file(RPATH_SET) cannot add one to Debian's libraries,
# which have none).
function(set_runpath file runpath)
    execute_process(COMMAND "${PATCHELF}" --set-rpath "${runpath}" "${file}"
        RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "QtLinuxBundle: patchelf failed on ${file}")
    endif()
endfunction()
foreach(file IN LISTS bundled)
    set_runpath("${file}" "$ORIGIN")
endforeach()
foreach(file IN LISTS plugins)
    set_runpath("${file}" "$ORIGIN/../../lib")
endforeach()
foreach(file IN LISTS executables)
    set_runpath("${file}" "$ORIGIN/../lib")
endforeach()

# Qt's own translations (standard buttons and dialogs) for the languages kvs-admin has.
file(GLOB ui_translations "${CMAKE_CURRENT_LIST_DIR}/../translations/kvs_*.ts")
foreach(ts IN LISTS ui_translations)
    string(REGEX REPLACE ".*/kvs_([a-z]+)\\.ts$" "\\1" language "${ts}")
    if(EXISTS "${qt_translations}/qtbase_${language}.qm")
        file(COPY "${qt_translations}/qtbase_${language}.qm" DESTINATION "${PREFIX}/translations")
    endif()
endforeach()

file(WRITE "${PREFIX}/bin/qt.conf"
    "[Paths]\nPrefix = ..\nLibraries = lib\nPlugins = plugins\nTranslations = translations\n")

# The licences of what is bundled: each library's Debian copyright file.
foreach(library IN LISTS resolved)
    file(REAL_PATH "${library}" real)
    execute_process(COMMAND dpkg-query -S "${real}" OUTPUT_VARIABLE owner
        RESULT_VARIABLE result ERROR_QUIET)
    if(NOT result EQUAL 0)
        execute_process(COMMAND dpkg-query -S "${library}" OUTPUT_VARIABLE owner
            RESULT_VARIABLE result ERROR_QUIET)
    endif()
    if(result EQUAL 0)
        string(REGEX REPLACE "[:,].*" "" package "${owner}")
        if(EXISTS "/usr/share/doc/${package}/copyright")
            file(COPY "/usr/share/doc/${package}/copyright"
                DESTINATION "${PREFIX}/share/doc/third-party/${package}")
        endif()
    endif()
endforeach()
