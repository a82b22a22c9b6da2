# What keeps the build quick on two cores (the README's "Building" gives the figures):
# - ccache, keyed by what is compiled rather than where: paths under the source tree are hashed
#   relative to it and the build folder's path is not hashed, so a second clone or worktree
#   reuses the first one's objects;
# - precompiled headers of the Qt and standard headers most files include (kvs_precompile);
# - line tables only (-g1) in RelWithDebInfo and Debug builds unless KVS_FULL_DEBUG_INFO: a
#   quarter less compile time, backtraces keep their files and lines;
# - mold as the linker when it is installed (scripts/setup.sh installs it): 117 test programs
#   link the static libraries.

find_program(KVS_CCACHE ccache)
if(KVS_CCACHE)
    # GCC writes a different .gch at every build, so ccache hashes the .sum file that
    # kvs_precompile writes beside it instead (pch_external_checksum); pch_defines and
    # time_macros are what ccache asks for to cache a file compiled with a precompiled header.
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env
        CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1 CCACHE_PCH_EXTSUM=1
        CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
        ${KVS_CCACHE})
endif()

find_program(KVS_MOLD mold)
if(KVS_MOLD)
    add_link_options(-fuse-ld=mold)
endif()

option(KVS_FULL_DEBUG_INFO "Full debug information (-g) instead of line tables (-g1)" OFF)
if(NOT KVS_FULL_DEBUG_INFO)
    # After the build type's -g, so it wins.
    add_compile_options("$<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CONFIG:RelWithDebInfo,Debug>>:-g1>")
endif()

option(KVS_PCH "Precompile the Qt and standard headers most files include" ON)

# The headers of every target: the standard library and Qt Core's futures.
set(KVS_PCH_CORE
    <algorithm> <array> <atomic> <chrono> <cmath> <condition_variable> <cstddef> <cstdint>
    <cstring> <deque> <exception> <functional> <map> <memory> <mutex> <optional> <set>
    <stdexcept> <string> <string_view> <thread> <type_traits> <unordered_map> <utility>
    <variant> <vector>
    <QByteArray> <QFuture> <QObject> <QPromise> <QString>)
# Those of the widgets: what ten or more files of ui/ include.
set(KVS_PCH_WIDGETS ${KVS_PCH_CORE}
    <QAbstractTableModel> <QAction> <QCoreApplication> <QDateTime> <QDir> <QFile> <QFileDialog>
    <QFileInfo> <QFontDatabase> <QFormLayout> <QGuiApplication> <QHBoxLayout> <QHeaderView>
    <QLabel> <QLineEdit> <QLocale> <QMessageBox> <QPlainTextEdit> <QPushButton> <QSettings>
    <QSpinBox> <QTableView> <QTimer> <QTreeView> <QVBoxLayout> <QWidget>)
# The tests': those, and Qt Test.
set(KVS_PCH_TEST_CORE ${KVS_PCH_CORE} <QTest> <QSignalSpy>)
set(KVS_PCH_TEST_WIDGETS ${KVS_PCH_WIDGETS} <QTest> <QSignalSpy>)

# kvs_precompile(TARGET SET): TARGET's files start with the headers of KVS_PCH_<SET>, compiled
# once for the target.
function(kvs_precompile target set)
    if(NOT KVS_PCH)
        return()
    endif()
    target_precompile_headers(${target} PRIVATE ${KVS_PCH_${set}})
    # What ccache hashes in place of the .gch: what goes into it apart from the target's own
    # flags, which ccache sees on each command line.
    string(SHA256 digest "${KVS_PCH_${set}};${CMAKE_CXX_COMPILER_ID};${CMAKE_CXX_COMPILER_VERSION};${Qt6_VERSION};${CMAKE_BUILD_TYPE};${CMAKE_CXX_FLAGS};${KVS_FULL_DEBUG_INFO}")
    get_target_property(binary_dir ${target} BINARY_DIR)
    file(WRITE "${binary_dir}/CMakeFiles/${target}.dir/cmake_pch.hxx.gch.sum" "${digest}\n")
endfunction()

# kvs_reuse_precompiled(TARGET FROM): TARGET uses FROM's precompiled headers. GCC refuses a
# header compiled with a definition the user lacks (and -Winvalid-pch makes that an error under
# KVS_WERROR), so only targets compiled alike share one: the tests.
function(kvs_reuse_precompiled target from)
    if(KVS_PCH)
        target_precompile_headers(${target} REUSE_FROM ${from})
    endif()
endfunction()
