(* matheval's preamble for a HOL Light session (formal/hollight). It is sent
   once, after the core has loaded. Results go to file descriptor 3, which
   only this code writes: the toplevel's own output (values, errors,
   MESON's progress) goes to standard output and can never be mistaken for
   a verdict. Every line on fd 3 is "KIND ID WORDS...". *)
#load "unix.cma";;
exception Mev_timeout;;
let mev_out = Unix.out_channel_of_descr (Obj.magic 3 : Unix.file_descr);;
let mev_say s = output_string mev_out (s ^ "\n"); flush mev_out;;
let mev_clean s = String.concat " " (String.split_on_char '\n' s);;
(* The alarm raises Mev_timeout, and again every second after that (the
   handler sets the next alarm), in case some code on the way swallows the
   first one. Only Unix.alarm is used: HOL Light's syntax extension reads
   Unix.ITIMER_REAL as an unbound value. *)
Sys.set_signal Sys.sigalrm
  (Sys.Signal_handle (fun _ -> ignore (Unix.alarm 1); raise Mev_timeout));;
let mev_arm secs = ignore (Unix.alarm secs);;
let mev_disarm () = ignore (Unix.alarm 0);;
let mev_guard secs f =
  mev_arm secs;
  (try let r = f () in mev_disarm (); r with e -> mev_disarm (); raise e);;
(* mev_check proves the official goal with the candidate's tactic and says
   why it is not accepted: a goal the candidate states differently, a
   failure, a timeout, an axiom added (CHEAT_TAC and new_axiom grow
   axioms()), hypotheses left, or a conclusion other than the goal. *)
let mev_check id secs goal_s stated_s tacf =
  let say r = mev_say ("result " ^ string_of_int id ^ " " ^ r) in
  let ax0 = length (axioms ()) in
  try
    let g = parse_term goal_s in
    if stated_s <> "" &&
       not (try aconv (mev_guard secs (fun () -> parse_term stated_s)) g with _ -> false)
    then say "stated_goal"
    else
      let t0 = Unix.gettimeofday () in
      let th = mev_guard secs (fun () -> prove (g, tacf ())) in
      let dt = Unix.gettimeofday () -. t0 in
      let ax1 = length (axioms ()) in
      if ax1 <> ax0 then say ("axiom " ^ string_of_int ax0 ^ " " ^ string_of_int ax1)
      else if hyp th <> [] then say "hyps"
      else if concl th <> g then say "goal"
      else say ("ok " ^ string_of_float dt)
  with Mev_timeout -> say "timeout"
     | Failure s -> say ("failure " ^ mev_clean s)
     | e -> say ("exception " ^ mev_clean (Printexc.to_string e));;
(* mev_validate says whether an official statement is a closed boolean
   term in this session: undefined names parse as free variables. *)
let mev_validate id goal_s =
  let say r = mev_say ("valid " ^ string_of_int id ^ " " ^ r) in
  try
    let g = mev_guard 30 (fun () -> parse_term goal_s) in
    if type_of g <> bool_ty then say ("type " ^ mev_clean (string_of_type (type_of g)))
    else match frees g with
      [] -> say "ok"
    | fs -> say ("free " ^ String.concat " " (map (fun v -> fst (dest_var v)) fs))
  with Mev_timeout -> say "parse timeout"
     | Failure s -> say ("parse " ^ mev_clean s)
     | e -> say ("parse " ^ mev_clean (Printexc.to_string e));;
(* mev_done ends a request: it flushes the toplevel's output, marks its end
   there with the session's nonce, and then says "done" on fd 3. A request
   whose phrase OCaml rejected (a type error) gets "done" without a
   result; the driver then reads the error from the output. *)
let mev_done nonce id =
  Format.print_flush (); Format.pp_print_flush Format.err_formatter ();
  flush stdout; flush stderr;
  print_string ("\n@@mev-sync " ^ nonce ^ " " ^ string_of_int id ^ "@@\n"); flush stdout;
  mev_say ("done " ^ string_of_int id);;
(* mev_ready ends the start the same way: the output so far is complete
   (errors of the libraries included) once the marker is in it. *)
let mev_ready nonce =
  Format.print_flush (); Format.pp_print_flush Format.err_formatter ();
  flush stdout; flush stderr;
  print_string ("\n@@mev-sync " ^ nonce ^ " 0@@\n"); flush stdout;
  mev_say ("ready " ^ string_of_int (length (axioms ())));;
