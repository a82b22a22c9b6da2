// The one file of the targets that hold the tests' precompiled headers (tests/CMakeLists.txt):
// a target needs a source to compile its precompiled header for.
