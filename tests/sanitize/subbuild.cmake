# Configures and builds part of racelang in a build tree of its own with another compiler and
# sanitizer (run by the sanitize:*-build tests: cmake -P subbuild.cmake with -D arguments).
#   SOURCE, BINARY   the source tree and the build tree to (re)use
#   CXX              the C++ compiler (clang++-19)
#   SANITIZE         RACELANG_SANITIZE for that tree (address,undefined or thread)
#   FUZZ             ON to build the libFuzzer targets too
#   TARGETS          ;-separated targets to build (not the whole project: CI time)
#   FUZZ_WORK        directories to create for the fuzzers' new inputs (optional)
foreach(var SOURCE BINARY CXX SANITIZE FUZZ TARGETS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "subbuild.cmake: -D${var}=... is required")
  endif()
endforeach()
foreach(dir IN LISTS FUZZ_WORK)
  file(MAKE_DIRECTORY ${dir})
endforeach()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
          # -O1 with line tables: stack traces with lines, and much quicker to build than -O2 -g.
          -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only"
          -DRACELANG_SANITIZE=${SANITIZE} -DRACELANG_FUZZ=${FUZZ}
          -DRACELANG_WERROR=OFF
  RESULT_VARIABLE configured)
if(NOT configured EQUAL 0)
  message(FATAL_ERROR "subbuild.cmake: configuring ${BINARY} failed")
endif()
string(REPLACE ";" " " shown "${TARGETS}")
message(STATUS "subbuild.cmake: building ${shown} in ${BINARY}")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} --target ${TARGETS}
                RESULT_VARIABLE built)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "subbuild.cmake: building ${shown} in ${BINARY} failed")
endif()
