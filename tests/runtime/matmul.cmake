# The scaled matrix products: CPU backends (on codes, and the GEMM on float operands) against an
# FP64 reference and bit for bit on exact cases; the CUDA one (when the toolkit is there) against
# the CPU one, and the rewritten cuBLAS calls against cuBLAS, skipping, saying why, without a GPU.
# Each runs three times: with the kernels chosen by what this CPU has, and with each forced
# (AUTOSCALE_CPU_BF16), so both oneDNN paths are tested wherever oneDNN has bf16 kernels.
foreach(test matmul_test matmul_gemm_test)
  add_executable(${test} ${CMAKE_CURRENT_SOURCE_DIR}/${test}.cpp)
  target_link_libraries(${test} PRIVATE autoscale::autoscale GTest::gtest_main)
  gtest_discover_tests(${test})
  gtest_discover_tests(${test} TEST_PREFIX "cpu_bf16_on." PROPERTIES ENVIRONMENT "AUTOSCALE_CPU_BF16=1")
  gtest_discover_tests(${test} TEST_PREFIX "cpu_bf16_off." PROPERTIES ENVIRONMENT "AUTOSCALE_CPU_BF16=0")
endforeach()

# Products in row panels: the runtime's internal headers (runtime/src) to ask for a product's
# panels, and OpenMP to set the threads they run on.
find_package(OpenMP COMPONENTS CXX)
if(OpenMP_CXX_FOUND)
  add_executable(matmul_panels_test ${CMAKE_CURRENT_SOURCE_DIR}/matmul_panels_test.cpp)
  target_include_directories(matmul_panels_test PRIVATE ${PROJECT_SOURCE_DIR}/runtime/src)
  target_link_libraries(matmul_panels_test PRIVATE autoscale::autoscale OpenMP::OpenMP_CXX GTest::gtest_main)
  gtest_discover_tests(matmul_panels_test)
endif()

if(AUTOSCALE_HAVE_CUDA AND TARGET autoscale_cuda)
  foreach(test matmul_cuda_test cublas_sites_cuda_test)
    add_executable(${test} ${CMAKE_CURRENT_SOURCE_DIR}/${test}.cpp)
    target_link_libraries(${test} PRIVATE autoscale::cuda GTest::gtest_main)
    gtest_discover_tests(${test})
  endforeach()
  target_include_directories(cublas_sites_cuda_test PRIVATE ${AUTOSCALE_RUNTIME_SRC_DIR})  # reports/snapshot.h
endif()
