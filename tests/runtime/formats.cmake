# Formats, scale rules and ScaledArray. The format tests take the CUDA toolkit's host-side
# conversions as an oracle when its headers are found (they need no GPU); without them those tests
# skip and say why. Two build-time checks keep autoscale.h valid C99 and valid CUDA.
add_executable(format_test ${CMAKE_CURRENT_SOURCE_DIR}/format_test.cpp)
target_link_libraries(format_test PRIVATE autoscale::autoscale GTest::gtest_main)
if(AUTOSCALE_CUDA_INCLUDE_DIR)
  target_include_directories(format_test SYSTEM PRIVATE ${AUTOSCALE_CUDA_INCLUDE_DIR})
  target_compile_definitions(format_test PRIVATE AUTOSCALE_TEST_CUDA_ORACLE=1)
endif()
gtest_discover_tests(format_test)
# ...and, run on a GPU, against the GPU's own conversion instructions (skips without one).
if(AUTOSCALE_HAVE_CUDA)
  add_executable(format_cuda_test ${CMAKE_CURRENT_SOURCE_DIR}/format_cuda_test.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/format_cuda_oracle.cu)
  target_link_libraries(format_cuda_test PRIVATE autoscale::autoscale CUDA::cudart GTest::gtest_main)
  gtest_discover_tests(format_cuda_test)
endif()

# The name functions beside each enum (site.h, format.h), which the report and the tool print.
add_executable(names_test ${CMAKE_CURRENT_SOURCE_DIR}/names_test.cpp)
target_link_libraries(names_test PRIVATE autoscale::autoscale GTest::gtest_main)
gtest_discover_tests(names_test)

# The C++ generic calls rewritten templates use (autoscale/generics.h).
add_executable(generics_test ${CMAKE_CURRENT_SOURCE_DIR}/generics_test.cpp)
target_link_libraries(generics_test PRIVATE autoscale::autoscale GTest::gtest_main)
gtest_discover_tests(generics_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")

add_executable(scaled_test ${CMAKE_CURRENT_SOURCE_DIR}/scaled_test.cpp)
target_link_libraries(scaled_test PRIVATE autoscale::autoscale GTest::gtest_main)
gtest_discover_tests(scaled_test)

# autoscale.h must stay strict C99: compiled as C with warnings as errors.
add_library(autoscale_header_c_check OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/header_c_check.c)
target_include_directories(autoscale_header_c_check PRIVATE ${PROJECT_SOURCE_DIR}/runtime/include)
target_compile_options(autoscale_header_c_check PRIVATE -Wall -Wextra -Werror -pedantic)
set_target_properties(autoscale_header_c_check PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON
                                                          C_EXTENSIONS OFF)

# ...and valid CUDA host and device code: a kernel using it is compiled (never run here).
if(AUTOSCALE_HAVE_CUDA)
  add_library(autoscale_header_cuda_check OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/header_cuda_check.cu)
  target_include_directories(autoscale_header_cuda_check PRIVATE ${PROJECT_SOURCE_DIR}/runtime/include)
endif()

