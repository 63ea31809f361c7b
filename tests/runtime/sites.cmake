# Sites, the scalar API and reports; array kernels (CPU, and CUDA when the toolkit is there).
# The site tests include the runtime's internal headers (runtime/src) to read registry snapshots.
set(AUTOSCALE_RUNTIME_SRC_DIR ${PROJECT_SOURCE_DIR}/runtime/src)

foreach(test site_quantize_test site_threads_test site_env_test site_window_test site_summary_test
             site_remeasure_test site_gemm_test site_hot_path_test site_tensors_test
             site_numerics_test site_vector_loops_test site_loop_programs_test site_begin_steps_test
             device_rounding_test site_nonfinite_test site_history_test quantize_nearest_test
             simd_rounding_test element_from_code_test)
  add_executable(${test} ${CMAKE_CURRENT_SOURCE_DIR}/${test}.cpp)
  target_include_directories(${test} PRIVATE ${AUTOSCALE_RUNTIME_SRC_DIR})
  target_link_libraries(${test} PRIVATE autoscale::autoscale GTest::gtest_main)
endforeach()
# The summary at exit would bury gtest's output; the report tests below cover it.
gtest_discover_tests(site_quantize_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_threads_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_summary_test)
gtest_discover_tests(site_nonfinite_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_history_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
# Its loops are the reference of the fp32 site's order of sums: each product rounded, then added.
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/site_gemm_test.cpp PROPERTIES COMPILE_OPTIONS -ffp-contract=off)
gtest_discover_tests(site_gemm_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_hot_path_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_tensors_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_numerics_test PROPERTIES ENVIRONMENT "AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_env_test)
# One thread: the rounding mode the test sets is its own thread's.
gtest_discover_tests(quantize_nearest_test PROPERTIES ENVIRONMENT "OMP_NUM_THREADS=1")
gtest_discover_tests(device_rounding_test)
gtest_discover_tests(simd_rounding_test)
# The CUDA kernels' codes from the conversion instructions, against the integer rounding.
gtest_discover_tests(element_from_code_test)
gtest_discover_tests(site_window_test PROPERTIES ENVIRONMENT "AUTOSCALE_WINDOW=4;AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_begin_steps_test PROPERTIES ENVIRONMENT "AUTOSCALE_WINDOW=4;AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_vector_loops_test PROPERTIES ENVIRONMENT "AUTOSCALE_WINDOW=37;AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_loop_programs_test PROPERTIES ENVIRONMENT "AUTOSCALE_WINDOW=37;AUTOSCALE_SUMMARY=0")
gtest_discover_tests(site_remeasure_test PROPERTIES ENVIRONMENT
                     "AUTOSCALE_EMPIRICAL_OP_FRACTION=0.5;AUTOSCALE_SUMMARY=0")

# The report at exit: the program writes it (AUTOSCALE_REPORT), the checker parses it back.
add_executable(site_report_program ${CMAKE_CURRENT_SOURCE_DIR}/site_report_program.c)
target_link_libraries(site_report_program PRIVATE autoscale::autoscale)
# The runtime is C++: link with the C++ driver so its standard library comes along.
set_target_properties(site_report_program PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF LINKER_LANGUAGE CXX)
set(AUTOSCALE_SITE_REPORT ${CMAKE_CURRENT_BINARY_DIR}/site_report.json)
add_test(NAME site_report_write COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_REPORT=${AUTOSCALE_SITE_REPORT}
         AUTOSCALE_WINDOW=4 AUTOSCALE_SUMMARY=0 $<TARGET_FILE:site_report_program>)
set_tests_properties(site_report_write PROPERTIES FIXTURES_SETUP site_report)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME site_report_json COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_site_report.py
         ${AUTOSCALE_SITE_REPORT})
set_tests_properties(site_report_json PROPERTIES FIXTURES_REQUIRED site_report PASS_REGULAR_EXPRESSION "report ok")

# The summary on stderr names the worst site by its location with a suggestion.
add_test(NAME site_report_summary COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_WINDOW=4 $<TARGET_FILE:site_report_program>)
set_tests_properties(site_report_summary PROPERTIES PASS_REGULAR_EXPRESSION
  "report_program.cpp:10:5: '\\*' \\(e4m3 cast\\): 25% \\(1 of 4\\) overflowed, 25% \\(1 of 4\\) of non-zero values rounded to zero[^\n]* -> scale it")
add_test(NAME site_report_summary_off COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=0 $<TARGET_FILE:site_report_program>)
set_tests_properties(site_report_summary_off PROPERTIES FAIL_REGULAR_EXPRESSION "autoscale")

# A report that cannot be written says where and why, and the program still exits normally.
add_test(NAME site_report_unwritable COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=0
         AUTOSCALE_REPORT=${CMAKE_CURRENT_BINARY_DIR}/no-such-dir/report.json $<TARGET_FILE:site_report_program>)
set_tests_properties(site_report_unwritable PROPERTIES PASS_REGULAR_EXPRESSION
  "autoscale: cannot write the report [^\n]*/no-such-dir/report.json: No such file or directory")

# Invalid environment values: a message naming the variable and what it accepts.
add_test(NAME site_env_summary_invalid COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=maybe $<TARGET_FILE:site_report_program>)
set_tests_properties(site_env_summary_invalid PROPERTIES PASS_REGULAR_EXPRESSION
  "autoscale: AUTOSCALE_SUMMARY=maybe is invalid: accepted values are 0 \\(no summary at exit\\) and 1")
add_test(NAME site_env_window_invalid COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=0 AUTOSCALE_WINDOW=-3 $<TARGET_FILE:site_report_program>)
set_tests_properties(site_env_window_invalid PROPERTIES PASS_REGULAR_EXPRESSION
  "autoscale: AUTOSCALE_WINDOW=-3 is invalid: accepted values are positive integers[^\n]*; using 1024")

add_test(NAME site_env_op_fraction_invalid COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=0
         AUTOSCALE_EMPIRICAL_OP_FRACTION=2 $<TARGET_FILE:site_report_program>)
set_tests_properties(site_env_op_fraction_invalid PROPERTIES PASS_REGULAR_EXPRESSION
  "autoscale: AUTOSCALE_EMPIRICAL_OP_FRACTION=2 is invalid: accepted values are decimal numbers from 0[^\n]*; using 1\n")

# What propagate and current do on scalar sites is said once per strategy at registration (two
# propagate sites run here, one note), and not at all with AUTOSCALE_SUMMARY=0.
add_test(NAME site_strategy_note_once COMMAND site_quantize_test --gtest_filter=SitePropagate.*:SiteCurrent.*)
set_tests_properties(site_strategy_note_once PROPERTIES
  PASS_REGULAR_EXPRESSION "site_test.cpp:12:7: autoscale: note: propagate on a scalar site acts as delayed scaling of its operands[^\n]*said once"
  FAIL_REGULAR_EXPRESSION "FAILED;note: propagate.*note: propagate;note: current.*note: current")
add_test(NAME site_strategy_note_off COMMAND ${CMAKE_COMMAND} -E env AUTOSCALE_SUMMARY=0
         $<TARGET_FILE:site_quantize_test> --gtest_filter=SitePropagate.*:SiteCurrent.*)
set_tests_properties(site_strategy_note_off PROPERTIES FAIL_REGULAR_EXPRESSION "note: ")

# CPU array kernels, bit for bit against format.h.
add_executable(kernels_test ${CMAKE_CURRENT_SOURCE_DIR}/kernels_test.cpp)
target_link_libraries(kernels_test PRIVATE autoscale::autoscale GTest::gtest_main)
gtest_discover_tests(kernels_test)

# CUDA array kernels against the CPU ones; each test skips, saying why, where no GPU answers.
if(AUTOSCALE_HAVE_CUDA AND TARGET autoscale_cuda)
  add_executable(kernels_cuda_test ${CMAKE_CURRENT_SOURCE_DIR}/kernels_cuda_test.cpp)
  target_link_libraries(kernels_cuda_test PRIVATE autoscale::cuda GTest::gtest_main)
  gtest_discover_tests(kernels_cuda_test)
endif()
