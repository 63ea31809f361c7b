# Focused lit + FileCheck tests of autoscale-rewrite (tests/tool/lit/README.md): one ctest, tool.lit,
# runs the whole suite with LLVM 19's lit (llvm-19-tools, installed by cmake/install-deps.sh).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_package(LLVM 19.1 REQUIRED CONFIG HINTS /usr/lib/llvm-19/lib/cmake/llvm)
find_file(AUTOSCALE_LIT lit.py PATHS ${LLVM_INSTALL_PREFIX}/build/utils/lit NO_DEFAULT_PATH)
find_program(AUTOSCALE_FILECHECK FileCheck PATHS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(AUTOSCALE_LIT_CLANG clang PATHS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(AUTOSCALE_LIT_CLANGXX clang++ PATHS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
if(NOT AUTOSCALE_LIT OR NOT AUTOSCALE_FILECHECK OR NOT AUTOSCALE_LIT_CLANG OR NOT AUTOSCALE_LIT_CLANGXX)
  message(FATAL_ERROR "the tool's lit tests need lit.py, FileCheck and clang from LLVM 19 "
    "(${LLVM_INSTALL_PREFIX}): install llvm-19-tools and clang-19 (cmake/install-deps.sh)")
endif()
find_path(AUTOSCALE_LIT_CUDA_INCLUDE cuda_runtime.h HINTS ${CUDAToolkit_INCLUDE_DIRS} /usr/local/cuda/include)
if(AUTOSCALE_LIT_CUDA_INCLUDE)
  get_filename_component(AUTOSCALE_LIT_CUDA_DIR ${AUTOSCALE_LIT_CUDA_INCLUDE} DIRECTORY)
else()
  set(AUTOSCALE_LIT_CUDA_DIR "")
endif()

# configure_file fills in the @paths@, file(GENERATE) the targets' $<TARGET_FILE:...>.
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/lit/lit.site.cfg.py.in ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py.in @ONLY)
file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/lit/lit.site.cfg.py
  INPUT ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py.in)

add_test(NAME tool.lit COMMAND ${Python3_EXECUTABLE} ${AUTOSCALE_LIT} -sv --show-unsupported --show-xfail
  ${CMAKE_CURRENT_BINARY_DIR}/lit)
set_tests_properties(tool.lit PROPERTIES TIMEOUT 600)
