# Golden tests of autoscale-rewrite: one ctest per case folder under golden/ (run_golden.py says
# what a case holds), for what needs a whole output tree (a header shared by two units, CUDA,
# OpenMP); focused cases are lit tests (lit/). Plus the command-line contract tests.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
file(GLOB AUTOSCALE_GOLDEN_INPUTS CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/golden/*/input*.c ${CMAKE_CURRENT_SOURCE_DIR}/golden/*/input*.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/golden/*/input*.cu)
set(AUTOSCALE_GOLDEN_CASES)
foreach(input IN LISTS AUTOSCALE_GOLDEN_INPUTS)
  get_filename_component(case_dir ${input} DIRECTORY)
  get_filename_component(case ${case_dir} NAME)
  list(APPEND AUTOSCALE_GOLDEN_CASES ${case})
endforeach()
list(REMOVE_DUPLICATES AUTOSCALE_GOLDEN_CASES)
set(AUTOSCALE_GOLDEN_RUNNER ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/run_golden.py
  --tool $<TARGET_FILE:autoscale-rewrite> --cases ${CMAKE_CURRENT_SOURCE_DIR}/golden
  --default-rules ${PROJECT_SOURCE_DIR}/rules/default.yaml
  --runtime-include ${PROJECT_SOURCE_DIR}/runtime/include)
foreach(case IN LISTS AUTOSCALE_GOLDEN_CASES)
  add_test(NAME golden.${case} COMMAND ${AUTOSCALE_GOLDEN_RUNNER} ${case})
  set_tests_properties(golden.${case} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()
add_test(NAME tool.cli COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/test_cli.py
  $<TARGET_FILE:autoscale-rewrite> ${PROJECT_SOURCE_DIR}/rules/default.yaml)
