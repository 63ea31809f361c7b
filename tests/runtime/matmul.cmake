# The scaled matrix products: CPU backends (on codes, and the GEMM on float operands) against an
# FP64 reference and bit for bit on exact cases; the CUDA one (when the toolkit is there) against
# the CPU one, skipping, saying why, without a GPU.
foreach(test matmul_test matmul_gemm_test)
  add_executable(${test} ${CMAKE_CURRENT_SOURCE_DIR}/${test}.cpp)
  target_link_libraries(${test} PRIVATE autoscale::autoscale GTest::gtest_main)
  gtest_discover_tests(${test})
endforeach()

if(AUTOSCALE_HAVE_CUDA AND TARGET autoscale_cuda)
  add_executable(matmul_cuda_test ${CMAKE_CURRENT_SOURCE_DIR}/matmul_cuda_test.cpp)
  target_link_libraries(matmul_cuda_test PRIVATE autoscale::cuda GTest::gtest_main)
  gtest_discover_tests(matmul_cuda_test)
endif()
