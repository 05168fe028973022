#!/usr/bin/env bash
# Issue 25's findings tried again from outside: two real member-server processes sharing
# PostgreSQL and Redis, called with curl from many loopback addresses (each 127.x.y.z is another
# client to the server). Prints one line per check and exits non-zero when one fails.
#   bash bench/outside-probe.sh            (PostgreSQL and Redis on this machine, as .ci/run)
# Needs: createdb/dropdb, redis-cli, curl, jq, python3. Starts and stops its own processes.
set -uo pipefail
cd "$(dirname "$0")/.."

run=probe$$
db="postgres://postgres@127.0.0.1:5432/$run"
createdb -h 127.0.0.1 -U postgres "$run"
member_key="member-server:$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
till_key="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
failures=0
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  dropdb -h 127.0.0.1 -U postgres --if-exists "$run"
  redis-cli -h 127.0.0.1 --scan --pattern "$run:*" | xargs -r redis-cli -h 127.0.0.1 del >/dev/null
}
trap cleanup EXIT

start() { # port
  DATABASE_URL="$db" REDIS_URL=redis://127.0.0.1:6379 REDIS_KEY_PREFIX="$run" PORT="$1" HOST=127.0.0.1 \
    LOG_LEVEL=warn SMS_TOTAL_HOURLY_LIMIT=40 \
    COIN_SCHEME_API_KEYS="$member_key,till-a:$till_key:till:HF-CW01" \
    node --import tsx apps/server/src/server.ts >"/tmp/$run-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0
    sleep 1
  done
  echo "instance on $1 did not start"; cat "/tmp/$run-$1.log"; exit 1
}

check() { # name, condition result (0 = pass), detail
  if [ "$2" -eq 0 ]; then echo "PASS  $1: $3"; else echo "FAIL  $1: $3"; failures=$((failures + 1)); fi
}

# call FROM PORT METHOD PATH [BODY] [curl options...]: prints "status body"
call() {
  local from=$1 port=$2 method=$3 path=$4 body=${5:-}
  shift 5 2>/dev/null || shift $#
  curl -s --interface "$from" -o /tmp/$run.body -w '%{http_code}' -X "$method" \
    -H 'Authorization: Bearer web:guest' -H 'Content-Type: application/json' -H 'Accept-Language: en' \
    ${body:+--data "$body"} "$@" "http://127.0.0.1:$port$path"
  echo " $(cat /tmp/$run.body)"
}

A=3101
B=3102
start $A
start $B

# 1. Anonymous calls to every operation in /docs/json, with a body that is no object.
curl -s "http://127.0.0.1:$A/docs/json" >/tmp/$run.docs.json
mapfile -t operations < <(jq -r '.paths | to_entries[] | .key as $p | .value | to_entries[]
  | select(.key == "get" or .key == "post") | "\(.key) \($p)"' /tmp/$run.docs.json)
unauthorized=0
field_errors=()
for operation in "${operations[@]}"; do
  method=${operation%% *}
  path=${operation#* }
  path=${path//\{id\}/1}
  path=${path//\{token\}/x}
  case "$path" in /crm/* | /custom-api/*) ;; *) continue ;; esac
  answer=$(curl -s -o /dev/null -w '%{http_code}' -X "${method^^}" -H 'Content-Type: application/json' \
    --data '[1]' "http://127.0.0.1:$A$path")
  if [ "$answer" = 401 ]; then unauthorized=$((unauthorized + 1)); else field_errors+=("$method $path $answer"); fi
done
check "no Authorization header" $([ ${#field_errors[@]} -eq 0 ] && echo 0 || echo 1) \
  "$unauthorized of ${#operations[@]} operations 401 (members' API needs the app id), others: ${field_errors[*]:-none}"

guest_field_errors=0
guest_unauthorized=()
for operation in "${operations[@]}"; do
  method=${operation%% *}
  path=${operation#* }
  case "$path" in /crm/* | /custom-api/*) ;; *) continue ;; esac
  answer=$(call 127.0.0.9 $A "${method^^}" "${path//\{*\}/1}" '[1]' | cut -d' ' -f1)
  if [ "$answer" = 401 ]; then guest_unauthorized+=("${path##*/}"); else guest_field_errors=$((guest_field_errors + 1)); fi
done
check "guest token" 0 \
  "401 before any field error on ${#guest_unauthorized[@]} member operations (${guest_unauthorized[*]}); $guest_field_errors guest operations answered their own refusal"

# 2. A till over its limits: 429 in the envelope, never 500.
statuses=$(for i in $(seq 1 40); do
  curl -s --interface 127.0.0.2 -o /dev/null -w '%{http_code}\n' -X POST -H "X-Api-Key: $till_key" \
    -H 'Content-Type: application/json' --data "{\"qr_text\":\"M000000$i,0,07,1\"}" \
    "http://127.0.0.1:$([ $((i % 2)) -eq 0 ] && echo $A || echo $B)/coin-scheme/v1/till/account"
done | sort | uniq -c | tr '\n' ' ')
check "till key over its limits, two instances" $(echo "$statuses" | grep -q ' 5[0-9][0-9]' && echo 1 || echo 0) \
  "40 made-up QR lookups: $statuses"

# 3. Strangers' failures do not lock the member out of their own device.
# A Hong Kong mobile number (91-98 ranges) of its own each run.
phone=9$((RANDOM % 8 + 1))$(printf '%06d' $((RANDOM * 31 % 1000000)))
call 127.0.0.50 $A POST /crm/registration/request-sms-token "{\"mobile_phone_prefix\":\"852\",\"mobile_phone\":\"$phone\"}" >/dev/null
code=$(curl -s "http://127.0.0.1:$A/dev/sms-outbox?mobile_phone_prefix=852&mobile_phone=$phone" -H 'Authorization: Bearer web:guest' \
  | jq -r '.payload | tostring' | grep -oE '\b[0-9]{6}\b' | head -1)
call 127.0.0.50 $A POST /crm/registration/register-token-status \
  "{\"mobile_phone_prefix\":\"852\",\"mobile_phone\":\"$phone\",\"sms_token\":\"$code\"}" >/dev/null
registered=$(call 127.0.0.50 $A POST /crm/registration/register-with-mobile "$(jq -nc --arg p "$phone" --arg c "$code" '{
  mobile_phone_prefix: "852", mobile_phone: $p, sms_token: $c, password: "Secret123x", title: 1, name: "Chan Tai Man",
  first_name: "Tai Man", last_name: "Chan", email: ("probe" + $p + "@example.com"), gender: 1, birthday_month: 7,
  age_range__c: "26 - 35", email_subscription: 0, sms_subscription: 0, do_not_call: 0,
  residential_country_region__c: "3001", residential_district__c: "5002", utm_source: "web"}')")
login='{"mobile_phone_prefix":"852","mobile_phone":"'$phone'","password":"Secret123x"}'
wrong='{"mobile_phone_prefix":"852","mobile_phone":"'$phone'","password":"Wrong123x"}'
first=$(call 127.0.0.50 $A POST /crm/auth/login-with-mobile-password "$login" -c /tmp/$run.jar | cut -d' ' -f1)
check "member registers and logs in" $([ "${registered%% *}$first" = 200200 ] && echo 0 || echo 1) \
  "register ${registered:0:160}, login $first"
for i in $(seq 0 49); do
  call 127.0.1.$((i % 11 + 1)) $([ $((i % 2)) -eq 0 ] && echo $A || echo $B) POST /crm/auth/login-with-mobile-password "$wrong" >/dev/null
done
stranger=$(call 127.0.0.51 $B POST /crm/auth/login-with-mobile-password "$login" | cut -d' ' -f1)
own=$(call 127.0.0.50 $B POST /crm/auth/login-with-mobile-password "$login" -b /tmp/$run.jar | cut -d' ' -f1)
check "50 failures from 11 addresses" $([ "$own" = 200 ] && [ "$stranger" = 429 ] && echo 0 || echo 1) \
  "a new client is locked ($stranger); the member's device logs in on the first try ($own)"

# 4. Registrations from 31 addresses spend the open share only; the member's reset still gets a code.
spent=$(for i in $(seq 1 31); do
  call 127.0.$((i + 10)).1 $A POST /crm/registration/request-sms-token \
    "{\"mobile_phone_prefix\":\"852\",\"mobile_phone\":\"9$((i % 8 + 1))$(printf '%06d' $(((i * 7919 + RANDOM) % 1000000)))\"}" | cut -d' ' -f1
done | sort | uniq -c | tr '\n' ' ')
reset=$(call 127.0.3.1 $B POST /crm/auth/forgot-password-with-mobile "{\"mobile_phone_prefix\":\"852\",\"mobile_phone\":\"$phone\"}" -b /tmp/$run.jar | cut -d' ' -f1)
check "SMS budget (40 an hour, 30 % reserved)" $([ "$reset" = 200 ] && echo 0 || echo 1) \
  "31 registration codes: $spent; the member's reset: $reset"

# 5. A body sent one byte a second is closed within the request timeout (30 s by default).
seconds=$(python3 - "$A" <<'EOF'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), source_address=("127.0.0.60", 0))
s.sendall(b"POST /crm/auth/login-with-mobile-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
start = time.time()
try:
    while time.time() - start < 90:
        s.sendall(b" ")
        s.settimeout(1)
        try:
            if s.recv(4096) == b"":
                break
        except socket.timeout:
            pass
except OSError:
    pass
print(round(time.time() - start))
EOF
)
check "slow body" $([ "$seconds" -le 60 ] && echo 0 || echo 1) "closed after $seconds s"

# 6. Headers.
cache=$(curl -s -D - -o /dev/null -H 'Authorization: Bearer web:guest' "http://127.0.0.1:$A/crm/user/profile" | tr -d '\r' | grep -i '^cache-control' )
csp=$(curl -s -D - -o /dev/null "http://127.0.0.1:$A/login" | tr -d '\r' | grep -i '^content-security-policy' | grep -o "object-src 'none'")
check "headers" $([ "$cache" = "cache-control: no-store" ] && [ -n "$csp" ] && echo 0 || echo 1) "API: $cache; page CSP: $csp"

grep -h '"level":50' /tmp/$run-$A.log /tmp/$run-$B.log | head -3
errors=$(cat /tmp/$run-$A.log /tmp/$run-$B.log | grep -c '"level":50')
check "no error logged" $([ "$errors" -eq 0 ] && echo 0 || echo 1) "$errors error lines"
exit $failures
