# autoscale_rewrite(TARGET <target> OUTPUT <twin> [RULES <file>] [PROJECT_ROOT <dir>]
#                   [RUNTIME shared|static])
#
# Makes <twin>, a target of <target>'s type whose sources are <target>'s rewritten by
# autoscale-rewrite at build time, with <target>'s own compile flags (read from the compile
# database, so C and C++ sources keep theirs), and links it to the runtime (default shared).
# The rewrite reruns when a source, a header it read (the tool's depfile), the rules or the flags
# change; a rewritten file whose text stays the same keeps its time, so only what the rewrite
# changed recompiles. The twin takes <target>'s include directories (a project one first as its
# rewritten copy), definitions, options, features, link libraries, directories and options, and
# language standards; call it after those are set. Its consumers get <target>'s usage
# requirements (a project include directory first as its rewritten copy): a library's twin is a
# drop-in replacement. Properties of single source files are not copied. Files:
# <twin>.autoscale/ (the rewritten tree, under PROJECT_ROOT's layout), <twin>.autoscale.json (the
# tool's report of every operation), beside them the depfile and a stamp. Needs a Makefile or
# Ninja generator (single-configuration: they write the compile database).
# The depfile names the stamp by its absolute path, which Ninja matches only with CMP0116 (CMake
# 3.20); DEPFILE under Makefile generators needs 3.20 too. Functions keep the policies in force
# where they are defined.
if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "autoscale_rewrite() needs CMake 3.20 or newer (this is ${CMAKE_VERSION})")
endif()
cmake_policy(SET CMP0116 NEW)
set(_autoscale_mirror_script ${CMAKE_CURRENT_LIST_DIR}/AutoscaleMirror.cmake)

# _autoscale_project_dirs(OUT root dirs...): the directories among `dirs` under `root`, absolute,
# a $<BUILD_INTERFACE:...> unwrapped; other generator expressions (which only the build knows)
# are left out.
function(_autoscale_project_dirs out root)
  set(found "")
  foreach(dir IN LISTS ARGN)
    if(dir MATCHES "^\\$<BUILD_INTERFACE:(.*)>$")
      set(dir "${CMAKE_MATCH_1}")
    endif()
    if(IS_ABSOLUTE "${dir}" AND NOT dir MATCHES "\\$<")
      file(RELATIVE_PATH relative ${root} ${dir})
      if(NOT relative MATCHES "^\\.\\.(/|$)")
        list(APPEND found ${dir})
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES found)
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# _autoscale_linked_include_dirs(OUT target property): the include directories the libraries in
# `target`'s `property` (LINK_LIBRARIES, or INTERFACE_LINK_LIBRARIES: those its consumers link)
# give it (their INTERFACE_INCLUDE_DIRECTORIES, through their own INTERFACE_LINK_LIBRARIES), as
# configured so far: a project header is usually found so (target_include_directories(util
# PUBLIC include) and target_link_libraries(app util)), not in the target's own property.
function(_autoscale_linked_include_dirs out target property)
  set(dirs "")
  set(seen "")
  get_target_property(queue ${target} ${property})
  while(queue)
    list(POP_FRONT queue library)
    # $<LINK_ONLY:x> (a private dependency of a static library) gives no usage requirements; a
    # consumer's cmake_minimum_required may predate IN_LIST (CMP0057), hence list(FIND).
    list(FIND seen "${library}" index)
    if(NOT TARGET "${library}" OR NOT index EQUAL -1)
      continue()
    endif()
    list(APPEND seen ${library})
    get_target_property(found ${library} INTERFACE_INCLUDE_DIRECTORIES)
    if(found)
      list(APPEND dirs ${found})
    endif()
    get_target_property(next ${library} INTERFACE_LINK_LIBRARIES)
    if(next)
      list(APPEND queue ${next})
    endif()
  endwhile()
  set(${out} "${dirs}" PARENT_SCOPE)
endfunction()

function(autoscale_rewrite)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;OUTPUT;RULES;PROJECT_ROOT;RUNTIME" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "autoscale_rewrite: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET OR NOT arg_OUTPUT)
    message(FATAL_ERROR "autoscale_rewrite: TARGET and OUTPUT are required")
  endif()
  if(NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "autoscale_rewrite: no target ${arg_TARGET}")
  endif()
  if(TARGET ${arg_OUTPUT})
    message(FATAL_ERROR "autoscale_rewrite: OUTPUT ${arg_OUTPUT} names a target that exists")
  endif()
  if(NOT TARGET autoscale::rewrite)
    message(FATAL_ERROR "autoscale_rewrite: this autoscale package has no autoscale-rewrite")
  endif()
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config OR NOT CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    message(FATAL_ERROR "autoscale_rewrite: the generator ${CMAKE_GENERATOR} writes no compile "
                        "database; use Ninja or a Makefile generator")
  endif()
  if(NOT arg_RUNTIME)
    set(arg_RUNTIME shared)
  endif()
  if(arg_RUNTIME STREQUAL "shared")
    set(runtime autoscale::autoscale)
  elseif(arg_RUNTIME STREQUAL "static")
    set(runtime autoscale::autoscale_static)
  else()
    message(FATAL_ERROR "autoscale_rewrite: RUNTIME ${arg_RUNTIME}: shared or static")
  endif()
  if(NOT TARGET ${runtime})
    message(FATAL_ERROR "autoscale_rewrite: RUNTIME ${arg_RUNTIME}: ${runtime} was not found "
                        "(find_package(autoscale COMPONENTS static) says why)")
  endif()

  get_target_property(type ${arg_TARGET} TYPE)
  get_target_property(source_dir ${arg_TARGET} SOURCE_DIR)
  set(root ${PROJECT_SOURCE_DIR})
  if(arg_PROJECT_ROOT)
    get_filename_component(root ${arg_PROJECT_ROOT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/${arg_OUTPUT}.autoscale)
  set(stamp ${out_dir}.stamp)
  set(depfile ${out_dir}.d)
  set(report ${out_dir}.json)

  # The translation units, each with the path the tool writes it to; headers listed among the
  # sources come along through the units that include them.
  get_target_property(sources ${arg_TARGET} SOURCES)
  set(units "")
  set(rewritten "")
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<")
      message(FATAL_ERROR "autoscale_rewrite: ${arg_TARGET}'s source ${source} is a generator "
                          "expression; list the file itself")
    endif()
    if(NOT source MATCHES "\\.(c|cc|cp|cpp|cxx|c\\+\\+|C|cu)$")
      continue()
    endif()
    get_filename_component(source ${source} ABSOLUTE BASE_DIR ${source_dir})
    file(RELATIVE_PATH relative ${root} ${source})
    if(relative MATCHES "^\\.\\./")
      message(FATAL_ERROR "autoscale_rewrite: ${source} is outside the project root ${root} "
                          "(PROJECT_ROOT sets it)")
    endif()
    list(APPEND units ${source})
    list(APPEND rewritten ${out_dir}/${relative})
  endforeach()
  if(NOT units)
    message(FATAL_ERROR "autoscale_rewrite: ${arg_TARGET} has no C, C++ or CUDA source")
  endif()

  # The project headers the units may read: those under the target's include directories and
  # source folders. Declared as the rewrite's byproducts, a rewritten header that changes
  # recompiles the units that read it in the same build (Ninja re-reads only an edge's outputs).
  get_target_property(include_dirs ${arg_TARGET} INCLUDE_DIRECTORIES)
  _autoscale_linked_include_dirs(linked_include_dirs ${arg_TARGET} LINK_LIBRARIES)
  _autoscale_project_dirs(project_include_dirs ${root} ${include_dirs} ${linked_include_dirs})
  set(unit_dirs "")
  foreach(unit IN LISTS units)
    get_filename_component(dir ${unit} DIRECTORY)
    list(APPEND unit_dirs ${dir})
  endforeach()
  _autoscale_project_dirs(header_dirs ${root} ${project_include_dirs} ${unit_dirs})
  set(headers "")
  set(rewritten_headers "")
  foreach(dir IN LISTS header_dirs)
    file(GLOB_RECURSE found CONFIGURE_DEPENDS ${dir}/*.h ${dir}/*.hh ${dir}/*.hpp ${dir}/*.hxx
         ${dir}/*.inc ${dir}/*.inl ${dir}/*.cuh)
    foreach(header IN LISTS found)
      # Not the output tree's copies, nor (in a build tree of its own) the build's generated files.
      file(RELATIVE_PATH in_out ${out_dir} ${header})
      file(RELATIVE_PATH in_build ${CMAKE_BINARY_DIR} ${header})
      if(NOT in_out MATCHES "^\\.\\./" OR
         (NOT CMAKE_BINARY_DIR STREQUAL CMAKE_SOURCE_DIR AND NOT in_build MATCHES "^\\.\\./"))
        continue()
      endif()
      file(RELATIVE_PATH relative ${root} ${header})
      list(APPEND headers ${relative})
      list(APPEND rewritten_headers ${out_dir}/${relative})
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES headers)
  list(REMOVE_DUPLICATES rewritten_headers)
  string(REPLACE ";" "\n" header_lines "${headers}")
  file(GENERATE OUTPUT ${out_dir}.headers CONTENT "${header_lines}\n")

  set(rules_option "")
  set(rules_file "")
  if(arg_RULES)
    get_filename_component(rules_file ${arg_RULES} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    set(rules_option --rules ${rules_file})
  endif()

  # The compile database gives each unit its own flags (-std=c99 for a .c, -std=c++17 for a .cpp).
  set_property(TARGET ${arg_TARGET} PROPERTY EXPORT_COMPILE_COMMANDS ON)
  set(database ${CMAKE_BINARY_DIR}/compile_commands.json)
  # The rewritten sources are byproducts of a stamp: a Makefile generator touches every declared
  # output of a command, which would recompile the units whose text did not change.
  add_custom_command(
    OUTPUT ${stamp}
    BYPRODUCTS ${rewritten} ${rewritten_headers}
    COMMAND autoscale::rewrite ${rules_option} -p ${CMAKE_BINARY_DIR} --project-root ${root}
            --out-dir ${out_dir} --report ${report} --depfile ${depfile} --depfile-target ${stamp}
            ${units}
    COMMAND ${CMAKE_COMMAND} -DLIST=${out_dir}.headers -DROOT=${root} -DOUT=${out_dir}
            -P ${_autoscale_mirror_script}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${units} ${rules_file} ${database} ${out_dir}.headers autoscale::rewrite
    DEPFILE ${depfile}
    COMMENT "autoscale-rewrite: ${arg_TARGET} into ${arg_OUTPUT}"
    VERBATIM)

  if(type STREQUAL "EXECUTABLE")
    add_executable(${arg_OUTPUT} ${rewritten} ${stamp})
  elseif(type MATCHES "^(STATIC|SHARED|MODULE|OBJECT)_LIBRARY$")
    string(REGEX REPLACE "_LIBRARY$" "" kind ${type})
    add_library(${arg_OUTPUT} ${kind} ${rewritten} ${stamp})
  else()
    message(FATAL_ERROR "autoscale_rewrite: ${arg_TARGET} is an ${type} target; an executable or "
                        "a library can be rewritten")
  endif()

  # A project include directory is searched first as its rewritten copy.
  set(rewritten_dirs "")
  foreach(dir IN LISTS project_include_dirs)
    file(RELATIVE_PATH relative ${root} ${dir})
    list(APPEND rewritten_dirs ${out_dir}/${relative})
  endforeach()
  target_include_directories(${arg_OUTPUT} PRIVATE ${rewritten_dirs}
    $<TARGET_PROPERTY:${arg_TARGET},INCLUDE_DIRECTORIES>)
  target_compile_definitions(${arg_OUTPUT} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},COMPILE_DEFINITIONS>)
  target_compile_options(${arg_OUTPUT} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},COMPILE_OPTIONS>)
  target_link_options(${arg_OUTPUT} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},LINK_OPTIONS>)
  target_link_directories(${arg_OUTPUT} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},LINK_DIRECTORIES>)
  # Public: a rewritten header that the twin's consumers include calls the runtime.
  target_link_libraries(${arg_OUTPUT} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},LINK_LIBRARIES>
                        PUBLIC ${runtime})

  # A drop-in replacement: the twin's consumers get TARGET's usage requirements, and each project
  # include directory that TARGET's consumers get (its own or a library's it passes on) first as
  # its rewritten copy, so they read the headers the twin was compiled with. Only the directories
  # above have copies (an INTERFACE-only one is not mirrored).
  get_target_property(interface_include_dirs ${arg_TARGET} INTERFACE_INCLUDE_DIRECTORIES)
  _autoscale_linked_include_dirs(passed_include_dirs ${arg_TARGET} INTERFACE_LINK_LIBRARIES)
  _autoscale_project_dirs(interface_include_dirs ${root} ${interface_include_dirs}
                          ${passed_include_dirs})
  set(rewritten_interface_dirs "")
  foreach(dir IN LISTS interface_include_dirs)
    list(FIND project_include_dirs "${dir}" index)
    if(NOT index EQUAL -1)
      file(RELATIVE_PATH relative ${root} ${dir})
      list(APPEND rewritten_interface_dirs $<BUILD_INTERFACE:${out_dir}/${relative}>)
    endif()
  endforeach()
  set_property(TARGET ${arg_OUTPUT} PROPERTY INTERFACE_INCLUDE_DIRECTORIES ${rewritten_interface_dirs}
               $<TARGET_PROPERTY:${arg_TARGET},INTERFACE_INCLUDE_DIRECTORIES>)
  foreach(property INTERFACE_SYSTEM_INCLUDE_DIRECTORIES INTERFACE_COMPILE_DEFINITIONS
                   INTERFACE_COMPILE_OPTIONS INTERFACE_COMPILE_FEATURES INTERFACE_LINK_OPTIONS
                   INTERFACE_LINK_DIRECTORIES INTERFACE_LINK_DEPENDS INTERFACE_PRECOMPILE_HEADERS
                   INTERFACE_SOURCES)
    set_property(TARGET ${arg_OUTPUT} PROPERTY ${property} $<TARGET_PROPERTY:${arg_TARGET},${property}>)
  endforeach()
  target_link_libraries(${arg_OUTPUT} INTERFACE
                        $<TARGET_PROPERTY:${arg_TARGET},INTERFACE_LINK_LIBRARIES>)
  foreach(property C_STANDARD C_STANDARD_REQUIRED C_EXTENSIONS CXX_STANDARD CXX_STANDARD_REQUIRED
                   CXX_EXTENSIONS CUDA_STANDARD CUDA_ARCHITECTURES POSITION_INDEPENDENT_CODE
                   COMPILE_FEATURES INTERFACE_POSITION_INDEPENDENT_CODE)
    get_target_property(value ${arg_TARGET} ${property})
    if(NOT value STREQUAL "value-NOTFOUND")
      set_property(TARGET ${arg_OUTPUT} PROPERTY ${property} ${value})
    endif()
  endforeach()
endfunction()
