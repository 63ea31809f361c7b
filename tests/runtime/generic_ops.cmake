# The C++ generic calls of autoscale.h (autoscale::mul, add_assign, ...) that rewritten templates use.
add_executable(generic_ops_test ${CMAKE_CURRENT_SOURCE_DIR}/generic_ops_test.cpp)
target_link_libraries(generic_ops_test PRIVATE autoscale GTest::gtest_main)
gtest_discover_tests(generic_ops_test)
