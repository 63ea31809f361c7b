# Scaling strategies and loss scalers: state machines checked step by step against hand-traced
# sequences. loss_scaler_c_test.c drives the loss scaler through its C ABI, compiled as C.
add_library(autoscale_loss_scaler_c_test OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/loss_scaler_c_test.c)
target_link_libraries(autoscale_loss_scaler_c_test PRIVATE autoscale::autoscale)
target_compile_options(autoscale_loss_scaler_c_test PRIVATE -Wall -Wextra -Werror -pedantic)
set_target_properties(autoscale_loss_scaler_c_test PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)

foreach(test scaling_test loss_scaler_test)
  add_executable(${test} ${CMAKE_CURRENT_SOURCE_DIR}/${test}.cpp)
  target_link_libraries(${test} PRIVATE autoscale::autoscale GTest::gtest_main)
  gtest_discover_tests(${test})
endforeach()
target_link_libraries(loss_scaler_test PRIVATE autoscale_loss_scaler_c_test)
