# cmake -DLIST=<file> -DROOT=<dir> -DOUT=<dir> -P AutoscaleMirror.cmake
# Run by autoscale_rewrite() after the tool: each project header in LIST (paths relative to ROOT)
# that the tool did not write, because no unit read it, is copied to OUT as it is, so that every
# header the build declares as the rewrite's byproduct exists. A copy whose text is the same keeps
# its time.
file(STRINGS ${LIST} headers)
foreach(header IN LISTS headers)
  if(NOT EXISTS ${OUT}/${header})
    configure_file(${ROOT}/${header} ${OUT}/${header} COPYONLY)
  endif()
endforeach()
