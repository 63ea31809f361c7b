# cmake -DBUILD=<build tree> -DPREFIX=<dir> -P install_prefix.cmake
# Installs the build tree as a user does (cmake --install --prefix), into a staging name that is
# then renamed to PREFIX: whatever an installed file finds (pkg-config and CMake files, the tool's
# rules and headers) it must find relative to where the tree is now.
file(REMOVE_RECURSE ${PREFIX} ${PREFIX}.staging)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}.staging
                OUTPUT_QUIET RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX}.staging failed: ${failed}")
endif()
file(RENAME ${PREFIX}.staging ${PREFIX})
message(STATUS "installed into ${PREFIX}")
